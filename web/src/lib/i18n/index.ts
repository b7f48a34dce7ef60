import { storageKeys } from '@/lib/storage';
import { createTranslator } from './translator';
import { useTranslationOf, type UseTranslationOptions } from './use-translation';

export type { I18n, TFunction, TOptions } from './translator';

/** Interface languages: the code shown to people and the language behind it. */
export const languages = [
  { code: 'EN', lng: 'en', label: 'English', flag: '/images/flags/gb.svg' },
  { code: 'RUS', lng: 'ru', label: 'Russia', flag: '/images/flags/ru.svg' },
  // Malay's own ISO 639-1 code, as EN is English's ('MY' would be Burmese's); the menu says Malaysia.
  { code: 'MS', lng: 'ms', label: 'Malaysia', flag: '/images/flags/my.svg' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

type CopyFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

// Every file locales/<lng>/<namespace>.json is a namespace, loaded when a screen first asks for it,
// so features add copy without touching this file and the landing route ships one language only.
// The operator console's (ops*.json) are added by the console itself (./ops-copy.ts): the landing
// route carries no loader of theirs.
const files: CopyFiles = { ...import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/ops*.json']) };
const namespacesOf = (copy: CopyFiles) => [...new Set(Object.keys(copy).map((path) => /\/([\w-]+)\.json$/.exec(path)![1]!))];
export const namespaces = namespacesOf(files);

/** More namespaces, from a part of the app loaded later: their names. */
export function addNamespaces(more: CopyFiles): string[] {
  Object.assign(files, more);
  return namespacesOf(more);
}

/** The stored choice; anything else (nothing, an unknown value) is English. */
export function storedLanguage(): LanguageCode {
  const stored = localStorage.getItem(storageKeys.language);
  return languages.find((l) => l.code === stored)?.code ?? 'EN';
}

export const lngOf = (code: LanguageCode) => languages.find((l) => l.code === code)!.lng;

const i18n = createTranslator({
  lng: lngOf(storedLanguage()),
  defaultNS: 'common',
  async load(lng, ns) {
    const load = files[`../../locales/${lng}/${ns}.json`];
    if (!load) throw new Error(`No copy for ${lng}/${ns}`);
    return (await load()).default;
  },
});

/** The shell's copy (the common namespace) in the stored language. */
export const i18nReady = i18n.loadNamespaces('common');

export function setLanguage(code: LanguageCode): Promise<unknown> {
  localStorage.setItem(storageKeys.language, code);
  document.documentElement.lang = lngOf(code);
  return i18n.changeLanguage(lngOf(code));
}

/** The copy of `ns` (default: common) and a re-render on each language change; see useTranslationOf. */
export const useTranslation = (ns: string | readonly string[] = 'common', options?: UseTranslationOptions) => useTranslationOf(i18n, ns, options);

export default i18n;

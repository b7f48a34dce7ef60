import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from './storage';

/** Interface languages (spec §2): the code shown to people and the i18next language behind it. */
export const languages = [
  { code: 'EN', lng: 'en', label: 'English', flag: '/images/flags/gb.svg' },
  { code: 'RUS', lng: 'ru', label: 'Russia', flag: '/images/flags/ru.svg' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];

// Every file locales/<lng>/<namespace>.json is a namespace, loaded when a screen first asks for it,
// so features add copy without touching this file and the landing route ships one language only.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
export const namespaces = [...new Set(Object.keys(files).map((path) => /\/([\w-]+)\.json$/.exec(path)![1]!))];

const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, done) {
    const load = files[`../locales/${lng}/${ns}.json`];
    if (!load) return done(new Error(`No copy for ${lng}/${ns}`), null);
    load().then((module) => done(null, module.default), (error: Error) => done(error, null));
  },
};

export function storedLanguage(): LanguageCode {
  return localStorage.getItem(storageKeys.language) === 'RUS' ? 'RUS' : 'EN';
}

export const lngOf = (code: LanguageCode) => languages.find((l) => l.code === code)!.lng;

export const i18nReady = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: lngOf(storedLanguage()),
    fallbackLng: false,
    supportedLngs: languages.map((l) => l.lng),
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

export function setLanguage(code: LanguageCode): Promise<unknown> {
  localStorage.setItem(storageKeys.language, code);
  document.documentElement.lang = lngOf(code);
  return i18n.changeLanguage(lngOf(code));
}

export default i18n;

import { readFileSync } from 'node:fs';

/**
 * The app's own copy, read from its locale files, so specs assert what a visitor reads
 * without repeating the words: copy('content', 'about.title') -> "We keep your phone number yours".
 */
export function copy(namespace: string, key: string, language: 'en' | 'ru' | 'ms' = 'en'): string {
  const file = new URL(`../src/locales/${language}/${namespace}.json`, import.meta.url);
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`No copy at ${language}/${namespace}:${key}`);
  return value;
}

/** The document title the layout sets for a route's `handle.title` key (common namespace, or `ns:key`). */
export function pageTitle(titleKey: string, language: 'en' | 'ru' | 'ms' = 'en'): string {
  const [namespace, key] = titleKey.includes(':') ? titleKey.split(':') : ['common', titleKey];
  const name = copy(namespace!, key!, language);
  return titleKey === 'titles.home' ? name : `${name} | NumberNest`;
}

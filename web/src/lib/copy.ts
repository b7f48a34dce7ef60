import type { TFunction } from './i18n';

/**
 * A list of copy from a locale file (FAQ entries, policy sections...). Locale files hold arrays
 * of objects so long copy stays in one place per language; a missing key yields an empty list
 * rather than the key string.
 */
export function copyList<T>(t: TFunction<string>, key: string): T[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

/** localStorage keys of spec §3, in one place. */
export const storageKeys = {
  token: 'token',
  user: 'user',
  language: 'selectedLanguage',
  theme: 'Theme',
  buyNumber: 'buyNumber',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

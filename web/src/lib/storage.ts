/** localStorage keys, in one place; the original client's names (docs/decisions/0011-original-client-contract.md). */
export const storageKeys = {
  token: 'token',
  user: 'user',
  language: 'selectedLanguage',
  theme: 'Theme',
  buyNumber: 'buyNumber',
  /** A visitor's picker selection, kept while they sign up or sign in to buy it. */
  pendingPick: 'pendingPick',
  /** Manage Number's filters. */
  manageNumberFilters: { type: 'type', service: 'service', status: 'status' },
  /** My Number's filters. */
  myNumberFilters: { type: 'myNumberType', service: 'myNumberService', status: 'myNumberStatus' },
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

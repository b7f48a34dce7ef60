import { useSyncExternalStore } from 'react';
import type { User } from '@numbernest/contracts';
import { readJson, storageKeys, writeJson } from './storage';

/** What localStorage `user` holds (`operator` and `account_hold` are absent in what older versions stored). */
export type SessionUser = Pick<User, 'id' | 'email' | 'email_verified_at' | 'balance'> & Partial<Pick<User, 'operator' | 'account_hold'>>;

export interface AuthState {
  token: string;
  user: SessionUser | null;
}

const listeners = new Set<() => void>();
let state: AuthState = read();

function read(): AuthState {
  return { token: localStorage.getItem(storageKeys.token) ?? '', user: readJson<SessionUser>(storageKeys.user) };
}

function publish() {
  state = read();
  listeners.forEach((notify) => notify());
}

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.token || event.key === storageKeys.user || event.key === null) publish();
  });
}

/** Logged in exactly when both a token and a user are stored. */
export const isLoggedIn = (s: AuthState = read()) => Boolean(s.token) && s.user !== null;

export const authState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Login: user and token in memory and in localStorage. */
  signIn(token: string, user: SessionUser) {
    localStorage.setItem(storageKeys.token, token);
    writeJson(storageKeys.user, user);
    publish();
  },
  /** A refreshed token replaces the stored one; the user stays. */
  setToken(token: string) {
    localStorage.setItem(storageKeys.token, token);
    publish();
  },
  /** Updating the user refreshes only the stored user. */
  setUser(user: SessionUser) {
    writeJson(storageKeys.user, user);
    publish();
  },
  /** Logout: both cleared, memory reset. */
  clear() {
    localStorage.removeItem(storageKeys.token);
    localStorage.removeItem(storageKeys.user);
    publish();
  },
};

export function useAuthState(): AuthState & { loggedIn: boolean } {
  const s = useSyncExternalStore(authState.subscribe, authState.get, authState.get);
  return { ...s, loggedIn: isLoggedIn(s) };
}

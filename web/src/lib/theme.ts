import { useCallback, useSyncExternalStore } from 'react';
import { storageKeys } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();
const root = () => document.documentElement;

function apply(theme: Theme) {
  root().dataset.theme = theme;
  localStorage.setItem(storageKeys.theme, theme);
  listeners.forEach((listener) => listener());
}

/** Read `Theme` on load; 'dark' turns dark mode on, anything else is stored as 'light'. */
export function initTheme(): Theme {
  const theme: Theme = localStorage.getItem(storageKeys.theme) === 'dark' ? 'dark' : 'light';
  apply(theme);
  return theme;
}

// The <html data-theme> attribute is the one source of truth (index.html sets it before first paint).
const currentTheme = (): Theme => (root().dataset.theme === 'dark' ? 'dark' : 'light');

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
  const setTheme = useCallback((next: Theme) => apply(next), []);
  const toggleTheme = useCallback(() => apply(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}

import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { I18n, TFunction } from './translator';

export interface UseTranslationOptions {
  /** true (the default): suspend until the namespaces' copy has loaded; false: render keys meanwhile. */
  useSuspense?: boolean;
}

export interface UseTranslationResult {
  /** Translates in the current language; the first namespace is the default one. */
  t: TFunction;
  i18n: I18n;
  ready: boolean;
}

/**
 * react-i18next's useTranslation for `i18n`: re-renders on a language change and, unless told not
 * to, suspends (for the nearest Suspense boundary) while a namespace's copy loads.
 */
export function useTranslationOf(i18n: I18n, ns: string | readonly string[], { useSuspense = true }: UseTranslationOptions = {}): UseTranslationResult {
  const namespaces = typeof ns === 'string' ? [ns] : ns;
  const namesKey = namespaces.join(' ');
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const ready = namespaces.every((each) => i18n.hasLoadedNamespace(each, language));
  // namesKey rather than the array: a call site passes a new array literal on every render.
  const t = useMemo(() => i18n.getFixedT(language, namesKey.split(' ')[0]), [i18n, language, namesKey]);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (ready || useSuspense) return;
    let live = true;
    void i18n.loadNamespaces(namesKey.split(' ')).then(() => live && loaded((count) => count + 1));
    return () => {
      live = false;
    };
  }, [i18n, namesKey, ready, useSuspense]);
  if (!ready && useSuspense) throw i18n.loadNamespaces(namespaces);
  return { t, i18n, ready };
}

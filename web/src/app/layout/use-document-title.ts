import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../router';

const productName = 'NumberNest';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** Sets document.title from the deepest route's `handle.title` on every navigation and language change. */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation('common');
  const matches = useMatches();
  const key = matches.map((match) => match.handle).filter(isRouteHandle).at(-1)?.title;

  useEffect(() => {
    if (!key) document.title = productName;
    else if (key === 'titles.home') document.title = t(key);
    else document.title = `${t(key)} | ${productName}`;
  }, [key, t, i18n.language]);
}

import { useEffect } from 'react';
import { useTranslation, type TFunction } from '@/lib/i18n';
import type { RouteHandle } from '@/app/router';
import { useRouteHandle } from '@/app/route-outlet';

export const productName = 'NumberNest';

/** The document title and meta description of a page, as the browser and the prerendered HTML show them. */
export function documentMeta(t: TFunction, handle: RouteHandle | undefined): { title: string; description: string } {
  const description = t(handle?.description ?? 'descriptions.default');
  if (!handle) return { title: productName, description };
  if (handle.title === 'titles.home') return { title: t(handle.title), description };
  return { title: `${t(handle.title)} | ${productName}`, description };
}

/**
 * The canonical and Open Graph URLs name the page shown, on the site's origin as the build wrote it:
 * every page the client renders arrives in index.html, whose links name the home page.
 */
export function pointAtThisPage(pathname: string) {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) return;
  const url = new URL(pathname.replace(/\/+$/, '') || '/', canonical.href).href;
  canonical.setAttribute('href', url);
  document.querySelector('meta[property="og:url"]')?.setAttribute('content', url);
}

/**
 * Sets document.title, the meta description and the canonical URL on every navigation and language change, from the
 * handle of the page shown (default: the app route table's). A nested route table (the console's)
 * sets them from its own page's handle; the app's then leaves them alone.
 */
export function useDocumentMeta(own?: RouteHandle) {
  const { t, i18n } = useTranslation('common');
  const routed = useRouteHandle();
  const handle = own ?? routed;

  useEffect(() => {
    if (handle?.nested) return;
    const { title, description } = documentMeta(t, handle);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    pointAtThisPage(location.pathname);
  }, [handle, t, i18n.language]);
}

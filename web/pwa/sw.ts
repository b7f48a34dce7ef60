/// <reference lib="webworker" />
import type { PushNotification } from '@numbernest/contracts/push';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js).
 * - Precaches the app's build (hashed scripts and styles, icons, the offline page): a repeat visit
 *   and an installed app start from the cache; a deploy's new sw.js precaches the new build and
 *   waits, and the page offers "Reload" (src/lib/pwa).
 * - Pages (navigations) always come from the network, as without a worker: a prerendered page or
 *   index.html is never served stale after a deploy. Offline, the offline page answers instead.
 * - The API, the local cloud's stand-ins and the protocol (/api, /_local, /stubs) are never
 *   touched: no route of this worker matches them (and WebSockets never pass a worker).
 * - Web Push: shows each push as a notification; a click opens (or focuses) the rental's page.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

const offlinePage = '/offline.html';
const notForTheWorker = [/^\/api(\/|$)/, /^\/_local(\/|$)/, /^\/stubs\//];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
enableNavigationPreload();

registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [{ handlerDidError: async () => (await matchPrecache(offlinePage)) ?? undefined }] }), {
    denylist: notForTheWorker,
  }),
);

// The first worker takes the open tabs at once (there is no older one to replace); a later one
// waits for the page's "Reload" (src/lib/pwa/register.ts) and then takes them too.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The page's "Reload" on an update (src/lib/pwa/register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Only a path of this app: a push never sends the browser elsewhere. */
const appPath = (url: unknown) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/dashboard');

self.addEventListener('push', (event) => {
  let push: Partial<PushNotification>;
  try {
    push = (event.data?.json() ?? {}) as Partial<PushNotification>;
  } catch {
    push = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(push.title || 'NumberNest', {
      body: push.body ?? '',
      tag: push.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: appPath(push.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(appPath((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url) ?? windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return void (await self.clients.openWindow(url));
      const focused = await open.focus();
      if (focused.url !== url) await focused.navigate(url);
    })(),
  );
});

/**
 * Registers the service worker (web/pwa/sw.ts, built to /sw.js) and offers a reload when a deploy's
 * new worker is waiting. Loaded by main.tsx once the page has loaded and the browser is idle, so the
 * landing route's first load carries none of it; the prompt's UI loads only when there is an update.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // The first worker takes over without a reload; a later one waits for the visitor's "Reload".
  const hadController = !!navigator.serviceWorker.controller;
  const offer = (worker: ServiceWorker) => {
    if (!hadController) return;
    void import('./UpdatePrompt').then(({ showUpdatePrompt }) =>
      showUpdatePrompt(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        worker.postMessage({ type: 'SKIP_WAITING' });
      }),
    );
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  // A tab kept open for days still learns of a deploy: look again every hour and on return.
  setInterval(() => void registration.update().catch(() => undefined), 3600_000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

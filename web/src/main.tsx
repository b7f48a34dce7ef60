import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { i18nReady } from './lib/i18n';
import './styles/global.css';
// Shared classes: after global.css (its base rules must not win over them), before any screen's CSS.
import './styles/menu-link.css';
import './styles/truncate.css';
import { App } from './app/App';
import { AppRoutes } from './app/router';
import { initTheme } from './lib/theme';
import { listenForInstallPrompt } from './lib/pwa/install-prompt';

/**
 * Public pages arrive prerendered in English for a signed-out visitor (web/prerender). The inline
 * script in index.html marks `<html data-render="client">` when this visit is not that page as
 * prerendered (another path, a query or history state, a stored language, signed in) and keeps the prerendered
 * markup hidden; then the app renders from scratch, as before prerendering. Otherwise React hydrates
 * the markup, so the first paint needs no JavaScript and hydration finds exactly what it renders
 * (the page's code and copy load while the prerendered markup stays on screen).
 */
async function start() {
  initTheme();
  const container = document.getElementById('root')!;
  const html = document.documentElement;
  const hydrate = html.dataset.render !== 'client' && container.hasChildNodes();
  const app = (
    <StrictMode>
      <App>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  if (hydrate) {
    // The header's copy first: the layout hydrates at once, the page when its code arrives. As a
    // transition, hydration yields to the browser every few milliseconds instead of holding a slow
    // phone's main thread in one long task (a click meanwhile hydrates its part first).
    await i18nReady;
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  container.replaceChildren();
  delete html.dataset.render;
  createRoot(container).render(app);
}

/**
 * The installable app: the install offer is caught from the start; the service worker is registered
 * once the page has loaded and the browser is idle (its code is not part of the first load).
 * Production builds only: Vite's dev server runs without a worker.
 */
function startPwa() {
  listenForInstallPrompt();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./lib/pwa/register').then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined);
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

// The code of a prerendered page may be fetched before its markup is parsed (index.html starts it at
// once when the page renders on the client): start once #root is there.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
else void start();
startPwa();

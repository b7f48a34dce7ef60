import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { i18nReady } from './lib/i18n';
import './styles/global.css';
// Shared classes: after global.css (its base rules must not win over them), before any screen's CSS.
import './styles/menu-link.css';
import './styles/truncate.css';
import { App } from './app/App';
import { createRouter, loadMatchedRoutes } from './app/router';
import { initTheme } from './app/theme/theme';
import { startSessionKeeper } from './features/auth/session-keeper';

/**
 * Public pages arrive prerendered in English for a signed-out visitor (web/prerender). The inline
 * script in index.html marks `<html data-render="client">` when this visit is not that page as
 * prerendered (another path, a query or history state, Russian, signed in) and keeps the prerendered
 * markup hidden; then the app renders from scratch, as before prerendering. Otherwise React hydrates
 * the markup, so the first paint needs no JavaScript and hydration finds exactly what it renders.
 */
async function start() {
  initTheme();
  const container = document.getElementById('root')!;
  const html = document.documentElement;
  const hydrate = html.dataset.render !== 'client' && container.hasChildNodes();
  if (hydrate) await Promise.all([loadMatchedRoutes(window.location.pathname), i18nReady]);

  const router = createRouter();
  // Keeps the stored token fresh and handles 401s; an ended session goes to /logIn.
  startSessionKeeper((to) => router.navigate(to));
  const app = (
    <StrictMode>
      <App>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, app);
    return;
  }
  container.replaceChildren();
  delete html.dataset.render;
  createRoot(container).render(app);
}

void start();

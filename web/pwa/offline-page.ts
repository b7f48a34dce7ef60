import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Vite plugin: the page the service worker shows for a page request while offline, written into
 * the build as offline.html (with offline.css and offline.js: the site's CSP allows no inline script
 * or style). Its copy comes from every `src/locales/<lng>/pwa.json` (`offline.*`), one section per
 * language; offline.js shows the stored language's (else the browser's, else English) and theme.
 */
interface OfflineCopy {
  title: string;
  text: string;
  retry: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function copies(localesDir: string): Array<[lng: string, copy: OfflineCopy]> {
  const languages = readdirSync(localesDir).filter((lng) => {
    try {
      return readFileSync(join(localesDir, lng, 'pwa.json')).length > 0;
    } catch {
      return false;
    }
  });
  // English first: it is the page's default.
  return languages
    .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)))
    .map((lng) => [lng, (JSON.parse(readFileSync(join(localesDir, lng, 'pwa.json'), 'utf8')) as { offline: OfflineCopy }).offline]);
}

export function offlineHtml(localesDir: string): string {
  const sections = copies(localesDir)
    .map(
      ([lng, copy], index) => `    <section lang="${lng}"${index === 0 ? '' : ' hidden'}>
      <h1>${escape(copy.title)}</h1>
      <p>${escape(copy.text)}</p>
      <button type="button" class="retry">${escape(copy.retry)}</button>
    </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>NumberNest</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="/offline.css" />
    <script src="/offline.js" defer></script>
  </head>
  <body>
    <main>
      <img src="/favicon.svg" alt="" width="56" height="56" />
${sections}
    </main>
  </body>
</html>
`;
}

export const offlineCss = `:root { color-scheme: light; --bg: #f8fafc; --text: #0f172a; --muted: #475569; --accent: #4f46e5; }
:root[data-theme='dark'] { color-scheme: dark; --bg: #0b1120; --text: #e2e8f0; --muted: #94a3b8; --accent: #818cf8; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
main { max-width: 28rem; text-align: center; }
h1 { font-size: 1.5rem; margin: 16px 0 8px; }
p { color: var(--muted); margin: 0 0 24px; }
button { font: inherit; font-weight: 600; padding: 10px 20px; border: 0; border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; min-height: 44px; }
button:focus-visible { outline: 3px solid var(--text); outline-offset: 2px; }
`;

/** Shows the section of the stored language (the app's localStorage names: `selectedLanguage`, `Theme`). */
export const offlineJs = `(function () {
  var read = function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } };
  var html = document.documentElement;
  html.dataset.theme = read('Theme') === 'dark' ? 'dark' : 'light';
  var stored = (read('selectedLanguage') || '').toLowerCase();
  var wanted = [stored === 'rus' ? 'ru' : stored, (navigator.language || '').slice(0, 2).toLowerCase(), 'en'];
  var sections = Array.prototype.slice.call(document.querySelectorAll('section[lang]'));
  var shown = null;
  for (var i = 0; i < wanted.length && !shown; i++) for (var j = 0; j < sections.length; j++) if (sections[j].lang === wanted[i]) { shown = sections[j]; break; }
  shown = shown || sections[0];
  sections.forEach(function (section) { section.hidden = section !== shown; });
  html.lang = shown.lang;
  document.querySelectorAll('.retry').forEach(function (button) { button.addEventListener('click', function () { location.reload(); }); });
  // Back online: the page the visitor wanted.
  window.addEventListener('online', function () { location.reload(); });
})();
`;

export function offlinePage(localesDir: string): Plugin {
  return {
    name: 'numbernest-offline-page',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlineHtml(localesDir) });
      this.emitFile({ type: 'asset', fileName: 'offline.css', source: offlineCss });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: offlineJs });
    },
  };
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPageJavaScript, builtPageScriptStart, landingBudgetKB, storedLanguages } from '../../prerender/landing-js';
import { seedBlogPosts } from '../../../packages/core/src/content/blog-posts';
import { inlineHashes } from '../../../packages/local/src/security-headers';

/**
 * The production build, made once for this file (in a child process, as `npm run build` makes it):
 * every public page must arrive with its heading in the HTML, and the landing route must stay within
 * its JavaScript budget, counted exactly as `npm run bench` counts it.
 */
const webDir = resolve(import.meta.dirname, '../..');
let dist = '';

beforeAll(() => {
  // Under Vite's cache (node_modules/.vite, made if need be): ignored by git, apart from web/dist.
  const cache = join(webDir, 'node_modules', '.vite');
  mkdirSync(cache, { recursive: true });
  dist = mkdtempSync(join(cache, 'prerender-test-'));
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
    cwd: webDir,
    encoding: 'utf8',
    // NODE_ENV is 'test' under vitest, which would make a development build.
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
}, 180_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const copy = (lng: string, namespace: string, key: string): string =>
  String(
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)[part],
        JSON.parse(readFileSync(join(webDir, 'src/locales', lng, `${namespace}.json`), 'utf8')),
      ),
  );

/** Every prerendered page and the locale copy of the heading it must show before any script runs. */
const headings: Record<string, [namespace: string, key: string]> = {
  '/': ['home', 'hero.title'],
  '/service': ['content', 'service.title'],
  '/about': ['content', 'about.title'],
  '/contact-us': ['contact', 'title'],
  '/blogs': ['blog', 'title'],
  '/tutorial': ['content', 'tutorial.title'],
  '/install': ['pwa', 'install.title'],
  '/payment-policy': ['content', 'paymentPolicy.title'],
  '/privacy-policy': ['content', 'privacyPolicy.title'],
  '/terms-condition': ['content', 'terms.title'],
  '/verification-success': ['auth', 'verified.title'],
  '/signUp': ['auth', 'signUp.title'],
  '/logIn': ['auth', 'logIn.title'],
  '/reset-password': ['auth', 'resetPassword.title'],
  '/verify-email': ['auth', 'verifyEmail.title'],
  '/confirm-email': ['auth', 'confirmEmail.title'],
  '/reset-password-new': ['auth', 'newPassword.title'],
  ...Object.fromEntries(
    ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'].flatMap((provider) => [
      [`/${provider}/success`, ['wallet', 'return.signedOut.title']],
      [`/${provider}/cancel`, ['payment', 'results.paymentFailed.title']],
    ]),
  ),
  '/transfer-successful': ['payment', 'results.transferSuccess.title'],
  '/transfer-failed': ['payment', 'results.transferFailed.title'],
  '/top-up-successful': ['wallet', 'return.signedOut.title'],
  '/top-up-failed': ['payment', 'results.topUpFailed.title'],
};
const posts = seedBlogPosts.map((post) => ({ path: `/blogs/${post.id}`, title: post.title.en }));

const pageFile = (path: string) => join(dist, path, 'index.html');
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const firstHeading = (html: string) => decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');

function prerenderedPaths(dir = dist): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : prerenderedPaths(path);
    return name === 'index.html' ? [`/${relative(dist, dir)}`.replace(/\/$/, '') || '/'] : [];
  });
}

describe('prerendered public pages', () => {
  it('are exactly the public routes and blog posts', () => {
    expect(prerenderedPaths().sort()).toEqual([...Object.keys(headings), ...posts.map((post) => post.path)].sort());
  });

  it.each(Object.entries(headings))('%s shows its heading in the HTML', (path, [namespace, key]) => {
    const html = readFileSync(pageFile(path), 'utf8');
    expect(firstHeading(html)).toBe(copy('en', namespace, key));
    // In place, not a pending boundary that a script fills in later (the page would paint its loader first).
    expect(html).not.toContain('<!--$?-->');
    expect(html).toContain(`data-prerendered="${path}"`);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
  });

  it("links the page's own stylesheets, so the first paint is the page's final layout (no shift when the script runs)", () => {
    const stylesheets = (path: string) =>
      [...readFileSync(pageFile(path), 'utf8').matchAll(/<link rel="stylesheet" crossorigin href="\/assets\/([\w-]+)\.css">/g)].map((m) => m[1]!);
    expect(stylesheets('/')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^index-/), expect.stringMatching(/^HomePage-/), expect.stringMatching(/^NumberPicker-/)]),
    );
    for (const path of Object.keys(headings)) expect(stylesheets(path).length, path).toBeGreaterThan(1);
  });

  it.each(posts)('$path names its post in the title and Open Graph tags', ({ path, title }) => {
    const html = decode(readFileSync(pageFile(path), 'utf8'));
    expect(html).toContain(`<title>${title} | NumberNest</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title} | NumberNest" />`);
  });

  it('run no inline script or style but those the CSP allows by hash (those of web/index.html), and no inline handler or style attribute', () => {
    const allowed = inlineHashes(readFileSync(join(webDir, 'index.html'), 'utf8'));
    expect(allowed.scripts).toHaveLength(1);
    expect(allowed.styles).toEqual([]); // the CSP's style-src is 'self' alone
    for (const path of prerenderedPaths()) {
      const html = readFileSync(pageFile(path), 'utf8');
      const found = inlineHashes(html);
      expect(
        found.scripts.filter((hash) => !allowed.scripts.includes(hash)),
        path,
      ).toEqual([]);
      expect(
        found.styles.filter((hash) => !allowed.styles.includes(hash)),
        path,
      ).toEqual([]);
      expect(html, path).not.toMatch(/<[^>]+\son[a-z]+=|<[^>]+\sstyle=/i);
    }
  });

  it('arrive with every control disabled (header and page), so nothing is clicked or typed before the app can handle it', () => {
    /** The controls outside a disabled fieldset, in document order. */
    const enabledControls = (html: string) => {
      const open: boolean[] = [];
      const found: string[] = [];
      for (const [tag, closing, name] of html.matchAll(/<(\/?)(fieldset|button|input|select|textarea)\b[^>]*>/g)) {
        if (name === 'fieldset') {
          if (closing) open.pop();
          else open.push(/\sdisabled(=|\s|>)/.test(tag));
        } else if (!closing && !open.includes(true)) found.push(tag);
      }
      return found;
    };
    for (const path of prerenderedPaths()) {
      const root = readFileSync(pageFile(path), 'utf8').split('<div id="root"')[1] ?? '';
      expect(root, path).toMatch(/<header/);
      expect(enabledControls(root), path).toEqual([]);
    }
  });

  it('name their code instead of linking it (the entry first, every file in the build), so nothing but the stylesheets comes before the first paint', () => {
    for (const path of prerenderedPaths()) {
      const html = readFileSync(pageFile(path), 'utf8');
      expect(html, path).not.toMatch(/<script[^>]*\ssrc=|<link rel="modulepreload"/);
      const modules = html.match(/<meta name="deferred-modules" content="([^"]+)" \/>/)?.[1]?.split(' ') ?? [];
      expect(modules[0], path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      for (const file of modules) expect(statSync(join(dist, file)).isFile(), `${path}: ${file}`).toBe(true);
    }
  });

  it('lists the indexable pages and every post in sitemap.xml, and robots.txt points to it', () => {
    const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    for (const path of ['/', '/service', '/blogs', ...posts.map((post) => post.path)]) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
    expect(sitemap).not.toContain('/top-up-failed');
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);
  });
});

describe('the landing route', () => {
  it('asks for its code once the prerendered page has painted, and at once when it renders on the client', async () => {
    const prerendered = await builtPageScriptStart(dist, '/');
    expect(prerendered.firstScript).toBeGreaterThanOrEqual(prerendered.firstContentfulPaint);
    // A chosen language hides the prerendered markup: nothing is painted until the app renders it.
    const onTheClient = await builtPageScriptStart(dist, '/', 'RUS');
    expect(onTheClient.firstScript).toBeLessThan(onTheClient.firstContentfulPaint);
  }, 60_000);

  const visits = [{ visit: 'a first visit', language: undefined }, ...storedLanguages.map((language) => ({ visit: `${language} chosen`, language }))];
  it.each(visits)(
    `loads at most ${landingBudgetKB} KB of JavaScript, gzipped: $visit`,
    async ({ language }) => {
      const landing = await builtPageJavaScript(dist, '/', language);
      expect(landing.files).toBeGreaterThan(0);
      expect(landing.gzipKB, JSON.stringify(landing.largest)).toBeLessThanOrEqual(landingBudgetKB);
    },
    60_000,
  );
});

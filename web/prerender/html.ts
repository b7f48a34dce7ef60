import type { PrerenderedPage } from './entry-server';

/** The site's public origin for canonical URLs and the sitemap: SITE_URL at build, else the local cloud. */
export const siteUrl = () => (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const pageUrl = (site: string, path: string) => `${site}${path === '/' ? '/' : path}`;

/** Vite's build manifest: source module or chunk → its file, the chunks it imports and its CSS. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** Code chunks above this many bytes are not preloaded (see pageAssetLinks). */
export const preloadLimitBytes = 50_000;

/**
 * The CSS and code a page module needs beyond what index.html already links: without its CSS the
 * prerendered markup would paint unstyled and then jump (layout shift) when the page's code arrives.
 * A big chunk (the Cognito client on the sign-in pages, ~140 KB) is not preloaded: on a slow phone
 * it would take the bandwidth first paint needs; it is fetched once the page's code asks for it.
 */
export function pageAssetLinks(
  manifest: BuildManifest,
  module: string | undefined,
  template: string,
  base: string,
  bytesOf: (file: string) => number = () => 0,
): string[] {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  if (module) visit(module);
  const linked = (file: string) => template.includes(`"${base}${file}"`);
  return [
    ...[...css].filter((file) => !linked(file)).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...[...js]
      .filter((file) => !linked(file) && bytesOf(file) <= preloadLimitBytes)
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
}

/** The built index.html with a page's markup, title, description, canonical URL, Open Graph tags and asset links. */
export function pageHtml(template: string, page: PrerenderedPage, site: string, assetLinks: string[] = []): string {
  const url = pageUrl(site, page.path);
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const head = [
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(page.listed ? [] : ['<meta name="robots" content="noindex" />']),
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="NumberNest" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    '<meta property="og:locale" content="en_US" />',
    '<meta property="og:locale:alternate" content="ru_RU" />',
    '<meta property="og:locale:alternate" content="ms_MY" />',
    '<meta name="twitter:card" content="summary" />',
  ].join('\n    ');
  const replaced = template
    .replace(/<html lang="en">/, `<html lang="en" data-prerendered="${escapeHtml(page.path)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, head)
    // Before </head> wherever it stands (a plugin may have put its own tag right before it).
    .replace(/\s*<\/head>/, () => `\n${assetLinks.map((link) => `    ${link}\n`).join('')}  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.markup}</div>`);
  if (!replaced.includes(`data-prerendered=`) || !replaced.includes(page.markup) || assetLinks.some((link) => !replaced.includes(link))) {
    throw new Error('index.html no longer has the <html lang="en">, <title>, meta description, </head> and empty #root the prerenderer fills');
  }
  return withDeferredModules(replaced);
}

/** The module script of the app's entry and each modulepreload link, as Vite and pageAssetLinks write them. */
const moduleTag = /\n?[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>|\n?[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page's code is named in `<meta name="deferred-modules">` (the entry first) instead of being
 * linked: the inline script of index.html fetches it once the prerendered markup has painted. A
 * phone on a slow network then paints the page before it downloads the app, and nothing but the
 * stylesheets stands between the HTML and the first paint.
 */
export function withDeferredModules(html: string): string {
  let entry = '';
  const preloads: string[] = [];
  const stripped = html.replace(moduleTag, (_tag, script: string | undefined, preload: string | undefined) => {
    if (script) entry = script;
    else preloads.push(preload!);
    return '';
  });
  if (!entry || !stripped.includes('<meta charset="UTF-8" />'))
    throw new Error('index.html no longer has the <meta charset> and the module script the prerenderer defers');
  const modules = `<meta name="deferred-modules" content="${escapeHtml([entry, ...preloads].join(' '))}" />`;
  return stripped.replace('<meta charset="UTF-8" />', (charset) => `${charset}\n    ${modules}`);
}

export function robotsTxt(site: string): string {
  // The dashboard stays crawlable: a crawler only ever sees it send a visitor to /logIn.
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(site: string, pages: PrerenderedPage[]): string {
  const urls = pages.filter((page) => page.listed).map((page) => `  <url><loc>${escapeHtml(pageUrl(site, page.path))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

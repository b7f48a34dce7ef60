import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { srcAlias } from '../alias.ts';
import type { PrerenderedPage } from './entry-server';
import { pageAssetLinks, pageHtml, robotsTxt, sitemapXml, siteUrl, type BuildManifest } from './html.ts';

/**
 * Vite plugin: after the browser build, bundles ./entry-server.tsx for Node, renders every public
 * page and writes it as `<outDir><path>/index.html` (the home page is index.html itself, which also
 * stays the SPA fallback for every other path), then robots.txt and sitemap.xml. Part of every
 * `vite build`, so `npm start`, the e2e runner and the bench all serve prerendered pages.
 */
const manifestFile = 'prerender-manifest.json';

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'numbernest-prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    // The manifest says which CSS and chunks each page module needs; removed once used.
    config: () => ({ build: { manifest: manifestFile } }),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      // Under Vite's cache (node_modules/.vite), so the Node bundle finds react, react-router… from there.
      await mkdir(config.cacheDir, { recursive: true });
      const serverDir = await mkdtemp(join(config.cacheDir, 'prerender-'));
      try {
        const pages = await renderPages(config.root, serverDir);
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(await readFile(join(outDir, manifestFile), 'utf8')) as BuildManifest;
        const site = siteUrl();
        for (const page of pages) {
          const file = join(outDir, page.path, 'index.html');
          await mkdir(dirname(file), { recursive: true });
          await writeFile(
            file,
            pageHtml(
              template,
              page,
              site,
              pageAssetLinks(manifest, page.module, template, config.base, (asset) => statSync(join(outDir, asset)).size),
            ),
          );
        }
        await rm(join(outDir, manifestFile));
        await writeFile(join(outDir, 'robots.txt'), robotsTxt(site));
        await writeFile(join(outDir, 'sitemap.xml'), sitemapXml(site, pages));
        config.logger.info(`prerendered ${pages.length} pages, robots.txt and sitemap.xml for ${site}`);
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}

async function renderPages(root: string, serverDir: string): Promise<PrerenderedPage[]> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: [srcAlias] },
    // The workspace packages are TypeScript sources: bundle them; npm packages load from node_modules.
    ssr: { noExternal: [/^@numbernest\//] },
    build: {
      ssr: resolve(import.meta.dirname, 'entry-server.tsx'),
      outDir: serverDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  // The page a first-time visitor gets: nothing stored (Node has no Web Storage of its own).
  globalThis.localStorage ??= memoryStorage();
  globalThis.sessionStorage ??= memoryStorage();
  const server = (await import(pathToFileURL(join(serverDir, 'entry-server.mjs')).href)) as typeof import('./entry-server');
  return server.prerenderPages();
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

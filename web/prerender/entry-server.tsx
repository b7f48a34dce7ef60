import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter, type RouteObject } from 'react-router-dom';
// The posts themselves, not the seed module around them (which would load the AWS SDK into the build).
import { seedBlogPosts } from '../../packages/core/src/content/blog-posts';
import i18n, { i18nReady } from '../src/lib/i18n';
import { App } from '../src/app/App';
import { AppRoutes, routes, type RouteHandle } from '../src/app/router';
import { documentMeta } from '../src/app/layout/use-document-meta';

/**
 * The build-time half of prerendering (bundled by ./plugin.ts for Node): every public page of the
 * route table rendered to HTML in English, as a signed-out first-time visitor sees it, with the same
 * tree main.tsx hydrates.
 */
export interface PrerenderedPage {
  path: string;
  markup: string;
  title: string;
  description: string;
  /** The page's source module, whose CSS and code the HTML links (see RouteHandle.module). */
  module: string | undefined;
  /** In sitemap.xml; the others are marked noindex. */
  listed: boolean;
}

/** The route table's prerendered paths; a `:param` route stands for each of its known values. */
function publicPaths(list: RouteObject[], parent = ''): { path: string; handle: RouteHandle }[] {
  return list.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : parent;
    const handle = route.handle as RouteHandle | undefined;
    const own = handle?.prerender ? expand(path).map((each) => ({ path: each, handle })) : [];
    return [...own, ...publicPaths(route.children ?? [], path === '/' ? '' : path)];
  });
}

const expand = (path: string) => (path === '/blogs/:id' ? seedBlogPosts.map((post) => `/blogs/${post.id}`) : [path]);

function render(path: string): Promise<string> {
  const failures: unknown[] = [];
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <App>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </App>
      </StrictMode>,
      {
        // A component that cannot render at build time would silently leave its part to the browser.
        onError: (error) => void failures.push(error),
        onShellError: reject,
        // Every boundary inline, in place: React otherwise moves a large one to the end of the document
        // and swaps it in by script, so the page would first paint its loader and then jump.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Written once every lazy page and its copy have loaded: the page's full content, no fallbacks.
        onAllReady() {
          if (failures.length) return reject(new Error(`Prerendering ${path} failed: ${failures.map(String).join('; ')}`, { cause: failures[0] }));
          const markup = new PassThrough();
          stream.pipe(markup);
          resolve(text(markup));
        },
      },
    );
  });
}

/** A blog post's own title and excerpt, so the post's HTML names it before its text loads. */
function postMeta(path: string) {
  const post = seedBlogPosts.find((each) => path === `/blogs/${each.id}`);
  return post && { title: `${post.title.en} | NumberNest`, description: post.excerpt.en };
}

export async function prerenderPages(): Promise<PrerenderedPage[]> {
  await i18nReady;
  await i18n.changeLanguage('en');
  const pages: PrerenderedPage[] = [];
  for (const { path, handle } of publicPaths(routes)) {
    const markup = await render(path);
    const meta = postMeta(path) ?? documentMeta(i18n.t, handle);
    pages.push({ path, markup, ...meta, module: handle.module, listed: handle.prerender!.listed });
  }
  return pages;
}

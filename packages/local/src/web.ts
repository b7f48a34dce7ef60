import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The file under `root` that `pathname` names, or undefined (also for `..` escapes). */
function fileUnder(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const { size, mtime } = statSync(file);
  res.writeHead(200, {
    'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': size,
    'last-modified': mtime.toUTCString(),
    'cache-control': cacheControl,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** Files from a directory (web/public for /images/*); false when there is no such file. */
export function serveFileFrom(root: string, req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const file = fileUnder(root, pathname);
  if (!file) return false;
  sendFile(req, res, file, 'public, max-age=3600');
  return true;
}

/**
 * A built web app: files as they are (hashed /assets/* cached for a year), and index.html for any
 * other GET that wants a page, so history routing works on reload.
 */
export function createDistHandler(dir: string): RequestHandler {
  return (req, res, url) => {
    const file = url.pathname === '/' ? undefined : fileUnder(dir, url.pathname);
    if (file) return sendFile(req, res, file, url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    const index = join(dir, 'index.html');
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !extname(url.pathname);
    // A prerendered page (web/prerender) is <path>/index.html; any other page is the app's index.html.
    const page = (wantsPage && fileUnder(dir, `${url.pathname}/index.html`)) || index;
    if (wantsPage && existsSync(page)) return sendFile(req, res, page, 'no-cache');
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(existsSync(index) ? 'Not found' : `No web build in ${dir}`);
  };
}

/** Vite in middleware mode: the dev server (HMR over our own HTTP server) on the one port. */
export async function createViteHandler(root: string, server: Server): Promise<{ handle: RequestHandler; close(): Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root, appType: 'spa', server: { middlewareMode: true, hmr: { server } } });
  return {
    handle: (req, res) =>
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      }),
    close: () => vite.close(),
  };
}

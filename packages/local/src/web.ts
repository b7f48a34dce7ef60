import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { servedPathPattern, servedPathsFile } from './served-paths';
import { hashedAssetsDir, imageExtensions, webCache } from './web-cache';

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
  '.xml': 'application/xml; charset=utf-8',
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

/** Text formats worth compressing; pictures other than SVG and fonts are compressed already. */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg']);
/** Below this a compressed reply saves nothing worth a header (CloudFront's own floor is 1,000 bytes). */
const minCompressBytes = 1024;

type Encoding = 'br' | 'gzip';
/**
 * Brotli at quality 9: a 260 KB bundle in about 0.3 s on a first request, within 8 % of quality 11's
 * size, which takes 2 s or more (a first visitor would wait for it).
 */
const brotliQuality = 9;
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => promisify(gzip)(data, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/**
 * The encoding to answer with, from the request's Accept-Encoding (q-values honoured, `*` counts,
 * brotli wins a tie): undefined means identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((token) => token.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  // A stable sort keeps brotli first among equals.
  return (['br', 'gzip'] as const).filter((encoding) => weight(encoding) > 0).sort((a, b) => weight(b) - weight(a))[0];
}

/**
 * Compressed copies, made once per file and encoding (a rebuild changes size or mtime, and so the
 * key); concurrent first requests share one compression.
 */
const compressedCopies = new Map<string, Promise<Buffer>>();
function compressedCopy(file: string, version: string, encoding: Encoding): Promise<Buffer> {
  const key = `${file}\0${version}\0${encoding}`;
  let copy = compressedCopies.get(key);
  if (!copy) {
    copy = readFile(file).then(compressors[encoding]);
    copy.catch(() => compressedCopies.delete(key));
    compressedCopies.set(key, copy);
  }
  return copy;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl: string,
  extraHeaders: Record<string, string> = {},
  status = 200,
): Promise<void> {
  const { size, mtime, mtimeMs } = statSync(file);
  const extension = extname(file).toLowerCase();
  const version = `${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}`;
  // Weak: the same content in another encoding is the same resource for revalidation.
  const etag = `W/"${version}"`;
  const headers: Record<string, string | number> = {
    ...extraHeaders,
    'content-type': contentTypes[extension] ?? 'application/octet-stream',
    'last-modified': mtime.toUTCString(),
    'cache-control': cacheControl,
    etag,
  };
  const negotiates = compressible.has(extension) && size >= minCompressBytes;
  if (negotiates) headers.vary = 'Accept-Encoding';
  if (status === 200 && req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = negotiates ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) {
    res.writeHead(status, { ...headers, 'content-length': size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return;
  }
  const body = await compressedCopy(file, version, encoding);
  res.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The Cache-Control of a file of the site, by its kind (see web-cache.ts). */
function cacheControlFor(pathname: string, file: string): string {
  const extension = extname(file).toLowerCase();
  if (pathname.startsWith(`/${hashedAssetsDir}/`)) return webCache.hashed;
  return (imageExtensions as readonly string[]).includes(extension) ? webCache.replaceable : webCache.page;
}

/** Files from a directory (web/public for /images/*); false when there is no such file. */
export async function serveFileFrom(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const file = fileUnder(root, pathname);
  if (!file) return false;
  await sendFile(req, res, file, cacheControlFor(pathname, file), headers);
  return true;
}

/**
 * The prerendered page of a route, looked up in the deployed Router's order (SST's routeSite):
 * `/about/` → about/index.html; `/about` → about.html, else about/index.html.
 */
function prerenderedPage(dir: string, pathname: string): string | undefined {
  if (pathname.endsWith('/')) return fileUnder(dir, `${pathname}index.html`);
  return fileUnder(dir, `${pathname}.html`) ?? fileUnder(dir, `${pathname}/index.html`);
}

/**
 * The build's served path templates as one expression, read again when the build changes; none
 * (every page path served) for a build without the list.
 */
function servedPaths(dir: string): () => RegExp | undefined {
  let read: { mtimeMs: number; pattern: RegExp } | undefined;
  return () => {
    const file = join(dir, servedPathsFile);
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, pattern: servedPathPattern(JSON.parse(readFileSync(file, 'utf8')) as string[]) };
    return read.pattern;
  };
}

/**
 * A built web app: files as they are (cached by kind, compressed by Accept-Encoding), a route's
 * prerendered HTML when the build made one, and index.html for any other GET that wants a page,
 * so history routing works on reload: with 200 for a path a route serves, else 404 (the app shows
 * its not-found page), as the deployed Router answers. Every reply carries `headers` (the site's security headers).
 */
export function createDistHandler(dir: string, headers: Record<string, string> = {}): RequestHandler {
  const servedPattern = servedPaths(dir);
  return async (req, res, url) => {
    const file = url.pathname.endsWith('/') ? undefined : fileUnder(dir, url.pathname);
    if (file) return sendFile(req, res, file, cacheControlFor(url.pathname, file), headers);
    const index = join(dir, 'index.html');
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !extname(url.pathname);
    const prerendered = wantsPage ? prerenderedPage(dir, url.pathname) : undefined;
    if (prerendered) return sendFile(req, res, prerendered, webCache.page, headers);
    if (wantsPage && existsSync(index)) {
      const served = servedPattern()?.test(url.pathname) ?? true;
      return sendFile(req, res, index, webCache.page, headers, served ? 200 : 404);
    }
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(existsSync(index) ? 'Not found' : `No web build in ${dir}`);
  };
}

/** Upgrade requests that are not the cloud's own WebSocket API (Vite's HMR socket). */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Vite in middleware mode: the dev server (HMR over our own HTTP server) on the one port. `headers`
 * go on every reply; the caller leaves the CSP out, as Vite's dev pages run inline scripts of their own.
 * Vite listens for its HMR upgrades on `server`; its listener is taken off and handed back as
 * `upgrade`, for the cloud to call once the request-target has parsed (Vite's own parse throws on
 * some, outside any handler, and would end the process).
 */
export async function createViteHandler(
  root: string,
  server: Server,
  headers: Record<string, string> = {},
): Promise<{ handle: RequestHandler; upgrade: UpgradeHandler; close(): Promise<void> }> {
  const { createServer } = await import('vite');
  const before = new Set(server.listeners('upgrade'));
  const vite = await createServer({ root, appType: 'spa', server: { middlewareMode: true, hmr: { server } } });
  const hmrListeners = server.listeners('upgrade').filter((listener) => !before.has(listener)) as UpgradeHandler[];
  for (const listener of hmrListeners) server.off('upgrade', listener);
  return {
    handle: (req, res) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      });
    },
    upgrade: (req, socket, head) => {
      for (const listener of hmrListeners) listener.call(server, req, socket, head);
    },
    close: () => vite.close(),
  };
}

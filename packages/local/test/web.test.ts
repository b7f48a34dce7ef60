/**
 * The local cloud's static web server, over HTTP: compression by Accept-Encoding, Cache-Control per
 * kind of file, prerendered pages and the SPA fallback. A cloud of its own serves a small built site
 * written here (the shared integration cloud serves no web app).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../src/index';
import { webRoot } from '../src/cloud';
import { freePort } from '../src/net';
import { servedPathsFile } from '../src/served-paths';
import { negotiateEncoding } from '../src/web';
import { webCache } from '../src/web-cache';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (still compressed when content-encoding says so). */
  body: Buffer;
}

let cloud: LocalCloud;
let dist: string;

/** A raw HTTP exchange: fetch would decompress behind our back. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${cloud.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(reply: Reply): string {
  const encoding = reply.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(reply.body) : encoding === 'gzip' ? gunzipSync(reply.body) : reply.body;
  return bytes.toString('utf8');
}

/** Some text that compresses well and is past the server's 1 KB floor. */
const bulk = (label: string) => `${label}\n${Array.from({ length: 400 }, (_, i) => `export const value${i} = "${label} ${i}";`).join('\n')}\n`;
const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${'<p>copy</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'numbernest-web-'));
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), content);
  };
  write('index.html', page('SPA shell'));
  write('about/index.html', page('About (prerendered)'));
  write('contact.html', page('Contact (prerendered)'));
  write('pricing.html', page('Pricing (flat file)'));
  write('pricing/index.html', page('Pricing (folder index)'));
  write('assets/index-3f2a1b.js', bulk('app bundle'));
  write('assets/tiny-9c8d7e.js', 'export {};\n');
  write('assets/logo-5e6f7a.png', randomBytes(4096));
  write('robots.txt', `User-agent: *\nAllow: /\n${'# padding\n'.repeat(150)}`);
  write('favicon.svg', readFileSync(join(webRoot, 'public/favicon.svg')));
  cloud = await startLocalCloud({ port: await freePort(), web: { mode: 'dist', dir: dist }, log: () => undefined });
});

afterAll(async () => {
  await cloud?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('compression by Accept-Encoding', () => {
  const source = () => readFileSync(join(dist, 'assets/index-3f2a1b.js'), 'utf8');

  it('answers brotli when the browser takes it, with the compressed length and Vary', async () => {
    const reply = await get('/assets/index-3f2a1b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(source().length / 4);
    expect(decoded(reply)).toBe(source());
  });

  it('answers gzip to a gzip-only client, and when brotli is refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.8, br;q=0.5']) {
      const reply = await get('/assets/index-3f2a1b.js', { 'accept-encoding': accept });
      expect(reply.headers['content-encoding'], accept).toBe('gzip');
      expect(decoded(reply)).toBe(source());
    }
  });

  it('sends the file as it is without Accept-Encoding, or when nothing offered is known', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<
      string,
      string
    >[]) {
      const reply = await get('/assets/index-3f2a1b.js', headers);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(reply.body.toString('utf8')).toBe(source());
    }
  });

  it('compresses pages and SVG too, but not tiny files or pictures that are compressed already', async () => {
    expect((await get('/about', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await get('/images/flags/mx.svg', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const tiny = await get('/assets/tiny-9c8d7e.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const png = await get('/assets/logo-5e6f7a.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.equals(readFileSync(join(dist, 'assets/logo-5e6f7a.png')))).toBe(true);
  });

  it('serves the same compressed bytes again, and a rebuilt file compressed afresh', async () => {
    const first = await get('/robots.txt', { 'accept-encoding': 'br' });
    const again = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);

    writeFileSync(join(dist, 'robots.txt'), `User-agent: *\nDisallow: /dashboard\n${'# padding\n'.repeat(160)}`);
    const rebuilt = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(decoded(rebuilt)).toContain('Disallow: /dashboard');
    expect(rebuilt.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers HEAD with the headers of the encoded reply and no body', async () => {
    const get_ = await get('/assets/index-3f2a1b.js', { 'accept-encoding': 'br' });
    const head = await get('/assets/index-3f2a1b.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get_.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('negotiates by q-value, with * and brotli first among equals', () => {
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('GZIP;Q=1, br;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

describe('Cache-Control per kind of file', () => {
  it('caches hashed build output for a year, immutable', async () => {
    expect((await get('/assets/index-3f2a1b.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/logo-5e6f7a.png')).headers['cache-control']).toBe(webCache.hashed);
  });

  it('has every page revalidated (no-cache): the root, prerendered pages and the SPA fallback', async () => {
    for (const path of ['/', '/about', '/contact', '/dashboard', '/robots.txt']) {
      expect((await get(path)).headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('keeps unhashed pictures briefly, so a replaced flag or logo shows within the hour', async () => {
    for (const path of ['/images/flags/es.svg', '/images/services/google.svg', '/images/blog/topping-up-your-balance.svg', '/favicon.svg']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type']).toBe('image/svg+xml');
      expect(reply.headers['cache-control'], path).toBe('public, max-age=3600');
    }
  });

  it('answers 304 to a revalidation with the current ETag, 200 with an old one', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const unchanged = await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers['cache-control']).toBe('no-cache');
    expect((await get('/about', { 'if-none-match': 'W/"an-old-build"' })).status).toBe(200);
  });
});

describe('pages: prerendered HTML, else the SPA', () => {
  const title = (reply: Reply) => /<h1>(.*?)<\/h1>/.exec(decoded(reply))?.[1];

  it('serves <path>.html or <path>/index.html when the build prerendered the route, as the deployed Router does', async () => {
    expect(title(await get('/about'))).toBe('About (prerendered)');
    expect(title(await get('/about/'))).toBe('About (prerendered)');
    expect(title(await get('/contact'))).toBe('Contact (prerendered)');
    expect(title(await get('/contact', { 'accept-encoding': 'gzip' }))).toBe('Contact (prerendered)');
    // <path>.html first when a build has both; a trailing slash asks for the folder's index only.
    expect(title(await get('/pricing'))).toBe('Pricing (flat file)');
    expect(title(await get('/pricing/'))).toBe('Pricing (folder index)');
    expect(title(await get('/contact/'))).toBe('SPA shell');
  });

  it('falls back to index.html for every other route, nested ones too (with 200 when the build lists no served paths)', async () => {
    for (const path of ['/', '/dashboard', '/blogs/42', '/about/team', '/stripe/success']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(title(reply), path).toBe('SPA shell');
    }
  });

  it('answers a path no route serves with the app and 404, once the build lists the paths it serves', async () => {
    writeFileSync(join(dist, servedPathsFile), JSON.stringify(['/', '/about', '/dashboard', '/dashboard/my-number/:id', '/stripe/success']));
    try {
      for (const path of ['/', '/dashboard', '/dashboard/', '/dashboard/my-number/0mx1', '/stripe/success', '/about']) {
        expect((await get(path)).status, path).toBe(200);
      }
      for (const path of ['/no/such/page', '/blogs/42', '/dashboard/my-number', '/dashboard/my-number/0mx1/extra', '/about/team']) {
        const reply = await get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(title(reply), path).toBe('SPA shell');
        // A revalidation gets the page again, never a 304 that a cache could keep for a served path.
        expect((await get(path, { 'if-none-match': String(reply.headers.etag) })).status, path).toBe(404);
      }
      expect((await get('/no/such/page', {}, 'HEAD')).status).toBe(404);
    } finally {
      rmSync(join(dist, servedPathsFile));
    }
  });

  it('answers 404 for a missing file, a non-GET page request or a path escaping the build', async () => {
    expect((await get('/assets/missing-000000.js')).status).toBe(404);
    expect((await get('/about', {}, 'DELETE')).status).toBe(404);
    const escape = await get('/..%2f..%2f..%2fetc%2fpasswd');
    expect(escape.body.toString()).not.toContain('root:');
  });
});

describe('security headers (the same policy the deployed site sends)', () => {
  const templateScript = /<script>([\s\S]*?)<\/script>/.exec(readFileSync(join(webRoot, 'index.html'), 'utf8'))![1]!;
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('go with every page, file and 404 of the app: a CSP that runs the template’s inline script by hash, no framing, nosniff, a referrer policy', async () => {
    for (const path of ['/', '/about/', '/dashboard', '/assets/index-3f2a1b.js', '/robots.txt', '/images/flags/de.svg', '/assets/missing-000000.js']) {
      const reply = await get(path);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp, path).toContain(`script-src 'self' ${sha256(templateScript)};`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(reply.headers['x-content-type-options'], path).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('send no HSTS over plain http', async () => {
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('public pictures stay small', () => {
  /** A flag or logo is drawn at most 36 px wide: 40 KB is already generous (the two coats of arms are 30). */
  const budget = 40 * 1024;

  it(`has no file under web/public over ${budget / 1024} KB`, () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
    const oversized = files(join(webRoot, 'public'))
      .filter((file) => statSync(file).size > budget)
      .map((file) => `${file.slice(webRoot.length + 1)}: ${Math.round(statSync(file).size / 1024)} KB`);
    expect(oversized).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { unrenderedPostsToApp, unservedPathsNotFound } from './site-routes';

/** Runs the injected viewer-request code on a request for `uri`; the URI the Router then routes. */
function routedUri(uri: string): string {
  const event = { request: { uri } };
  new Function('event', unrenderedPostsToApp([1, 2]))(event);
  return event.request.uri;
}

describe('blog posts the build did not prerender', () => {
  it('are served the app (its index.html) instead of a missing S3 key', () => {
    expect(routedUri('/blogs/3')).toBe('/');
    expect(routedUri('/blogs/3/')).toBe('/');
    expect(routedUri('/blogs/1/extra')).toBe('/');
  });

  it('leave prerendered posts, the list, and every other path to the Router', () => {
    for (const uri of ['/blogs/1', '/blogs/2/', '/blogs', '/blogs.html', '/', '/about', '/assets/index-abc.js', '/blogsx/1']) {
      expect(routedUri(uri)).toBe(uri);
    }
  });
});

/** Runs the injected viewer-response code on the Router's reply to `uri`; the status the viewer gets. */
function viewerStatus(uri: string, statusCode = 200): number {
  const event = { request: { uri }, response: { statusCode, statusDescription: 'OK' } };
  new Function('event', unservedPathsNotFound(['/', '/about', '/blogs', '/dashboard/my-number/:id', '/ops', '/ops/users/:sub'], [1, 2]))(event);
  return event.response.statusCode;
}

describe('a path no route serves', () => {
  it('gets the app with 404: unknown paths, blog posts the build did not prerender, extra segments', () => {
    for (const uri of ['/no/such/page', '/blogs/3', '/blogs/3/', '/about/team', '/dashboard/my-number', '/dashboard/my-number/a/b', '/ops/nope', '/aboutx']) {
      expect(viewerStatus(uri), uri).toBe(404);
    }
  });

  it('leaves served pages, prerendered posts, files and other statuses as they are', () => {
    for (const uri of ['/', '/about', '/about/', '/blogs', '/blogs/1', '/blogs/2/', '/dashboard/my-number/0mx1', '/ops', '/ops/users/abc-123']) {
      expect(viewerStatus(uri), uri).toBe(200);
    }
    expect(viewerStatus('/assets/index-abc.js')).toBe(200);
    expect(viewerStatus('/robots.txt')).toBe(200);
    expect(viewerStatus('/no/such/page', 304)).toBe(304);
    expect(viewerStatus('/no/such/page', 403)).toBe(403);
  });

  it('knows every page of the app by default, and the seeded posts', () => {
    const code = unservedPathsNotFound();
    const status = (uri: string) => {
      const event = { request: { uri }, response: { statusCode: 200 } };
      new Function('event', code)(event);
      return event.response.statusCode;
    };
    for (const uri of ['/', '/service', '/signUp', '/dashboard/topup-balance', '/stripe/success', '/ops/audit', '/blogs/1']) expect(status(uri), uri).toBe(200);
    expect(status('/blogs/999999')).toBe(404);
    expect(code.length, 'a CloudFront function is at most 10 KB').toBeLessThan(8_000);
  });
});

import { describe, expect, it } from 'vitest';
import { unrenderedPostsToApp } from './site-routes';

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

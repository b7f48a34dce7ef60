import { routes, routeKey } from '@numbernest/functions/routes';
import { describe, expect, it } from 'vitest';
import { loadHandler } from '../src/gateway/gateway';
import { createRouteMatcher } from '../src/gateway/match';
import { localCloud } from '../src/testing';

const apiUrl = localCloud().apiUrl;
/** A concrete path for a route: every `{param}` becomes 1. */
const samplePath = (path: string) => path.replace(/\{\w+\+?\}/g, '1');

describe('the route table', () => {
  it('has no two rows for the same method and path', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s matches its own row', (_key, route) => {
    const found = createRouteMatcher(routes)(route.method, samplePath(route.path));
    expect(found.kind === 'found' && found.route).toBe(route);
  });

  it.each(routes.map((r) => [r.handler, r] as const))('%s is an exported function of packages/functions', async (_spec, route) => {
    expect(typeof (await loadHandler(route.handler))).toBe('function');
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s is served by the gateway', async (_key, route) => {
    const response = await fetch(`${apiUrl}${samplePath(route.path)}`, {
      method: route.method,
      headers: route.method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: route.method === 'GET' ? undefined : '{}',
    });
    expect(response.headers.get('x-local-route')).toBe(routeKey(route)); // not a 404/405 of the gateway
    expect(response.status).toBeLessThan(500);
    if (route.auth) expect(response.status).toBe(401);
  });
});

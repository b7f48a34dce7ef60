/**
 * The bundle budget as a test (docs/architecture.md#budgets): every Lambda (route table, sockets, triggers, jobs) bundled as SST
 * bundles it must stay within 150 KB, so a heavy import cannot land unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../packages/functions/src/routes';
import { bundleLambdas, lambdaBudgetOf, lambdaBundleBudgetBytes, lambdaHandlers } from './lambda-bundles';

describe('Lambda bundles', () => {
  it('covers every route handler and the functions only the stacks name', () => {
    const handlers = lambdaHandlers();
    for (const route of routes) expect(handlers).toContain(route.handler);
    expect(handlers).toEqual(
      expect.arrayContaining(['jobs/expire-rentals.handler', 'jobs/deliver-webhook.handler', 'realtime/connect.handler', 'auth/post-confirmation.handler']),
    );
  });

  it(`keeps every handler within ${lambdaBundleBudgetBytes / 1024} KB (the few named exceptions within their own)`, async () => {
    const bundles = await bundleLambdas();
    expect(bundles.length).toBe(lambdaHandlers().length);
    const over = bundles.filter((b) => b.bytes > lambdaBudgetOf(b.handler)).map((b) => `${b.handler}: ${(b.bytes / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
    // The measure is real: an HTTP route's bundle holds its handler's code and its dependencies (zod,
    // middy). (A socket route may be smaller: core declares no side effects, so only what it uses is in;
    // so may a webhook's plain handshake, which uses neither.)
    const routeBundles = bundles.filter((b) => routes.some((route) => route.handler === b.handler && route.path.startsWith('/api/user')));
    expect(Math.min(...routeBundles.map((b) => b.bytes))).toBeGreaterThan(20 * 1024);
  }, 120_000);
});

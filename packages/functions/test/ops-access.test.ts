import { expectError, expectFieldErrors } from './api'; // first: points this process at the local cloud
import { userReplySchema } from '@numbernest/contracts';
import { auditReplySchema } from '@numbernest/contracts/ops';
import { routes } from '@numbernest/functions/routes';
import { describe, expect, it } from 'vitest';
import { as, call, createTestUser, signIn } from './auth-users';
import { createOperator, testGranter } from './operators';

/** A request to a route with every path parameter filled in (the check comes before any lookup). */
const concrete = (path: string) => path.replace(/^\/api/, '').replace(/\{\w+\}/g, 'x1');
const opsRoutes = routes.filter((route) => route.path.startsWith('/api/ops/'));

describe('the operator console API (/api/ops/*)', () => {
  it('has routes, each behind the JWT authorizer', () => {
    expect(opsRoutes.length).toBeGreaterThan(0);
    for (const route of opsRoutes) expect(route.auth, `${route.method} ${route.path}`).toBe(true);
  });

  it('answers 401 without a token and 403 to a signed-in customer, on every ops route of the table', async () => {
    const customer = await createTestUser();
    for (const route of opsRoutes) {
      const where = `${route.method} ${route.path}`;
      const anonymous = await call(route.method, concrete(route.path), { body: route.method === 'GET' ? undefined : {} });
      expect(anonymous.status, where).toBe(401);
      const refused = expectError(
        await call(route.method, concrete(route.path), { token: customer.idToken, body: route.method === 'GET' ? undefined : {} }),
        403,
      );
      expect(refused.code, where).toBe('OPERATORS_ONLY');
    }
  });

  it('lets an operator in, and says so in GET /api/user', async () => {
    const operator = await createOperator();
    expect(userReplySchema.parse((await as(operator.idToken).get('/user')).json).data.operator).toBe(true);
    const reply = await as(operator.idToken).get('/ops/audit');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const grant = auditReplySchema.parse(reply.json).data.find((entry) => entry.action === 'operator.grant' && entry.target.id === operator.sub);
    expect(grant).toMatchObject({ operator: testGranter, before: { operator: false }, after: { operator: true } });
  });

  it('refuses a revoked operator at once, although the token still names the group', async () => {
    const operator = await createOperator();
    const { revokeOperator } = await import('@numbernest/core/accounts');
    await revokeOperator(operator.email, testGranter);
    expectError(await as(operator.idToken).get('/ops/audit'), 403, 'OPERATORS_ONLY');
    expect(userReplySchema.parse((await as(operator.idToken).get('/user')).json).data.operator).toBe(false);
    // A new sign-in no longer carries the group either; the customer account works as before.
    const fresh = await signIn(operator);
    expectError(await as(fresh.idToken).get('/ops/audit'), 403, 'OPERATORS_ONLY');
    expect((await as(fresh.idToken).get('/user')).status).toBe(200);
  });

  it('refuses a token that names the group for an account that is not an operator', async () => {
    const { resigned } = await import('./auth-users');
    const customer = await createTestUser();
    await as(customer.idToken).get('/user');
    expectError(await as(resigned(customer.idToken, { 'cognito:groups': ['operators'] })).get('/ops/audit'), 403, 'OPERATORS_ONLY');
  });

  it('pages the audit list newest first', async () => {
    const operator = await createOperator();
    const first = auditReplySchema.parse((await as(operator.idToken).get('/ops/audit?limit=1')).json);
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = auditReplySchema.parse((await as(operator.idToken).get(`/ops/audit?limit=1&cursor=${first.next_cursor}`)).json);
    expect(second.data[0]!.at <= first.data[0]!.at).toBe(true);
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  });

  it('filters the audit list by day range, operator and action on the server', async () => {
    const operator = await createOperator();
    const today = new Date().toISOString().slice(0, 10);
    const get = async (query: string) => auditReplySchema.parse((await as(operator.idToken).get(`/ops/audit?limit=200&${query}`)).json).data;
    const grants = await get(`from=${today}&to=${today}&operator=${testGranter.email.toUpperCase()}&action=operator.grant`);
    expect(grants.map((entry) => entry.target.id)).toContain(operator.sub);
    expect(grants.every((entry) => entry.action === 'operator.grant' && entry.operator.email === testGranter.email && entry.at.startsWith(today))).toBe(true);
    expect(await get('from=2001-01-01&to=2001-01-31')).toEqual([]);
    expect(await get(`from=${today}&action=no.such.action`)).toEqual([]);
    expect(await get(`operator=nobody@example.com`)).toEqual([]);
    expectFieldErrors(await as(operator.idToken).get('/ops/audit?from=yesterday&to=2026-02-30'), ['from', 'to']);
  });
});

import { apiUrl, expectError, send } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { createdApiKeyReplySchema, defaultUserSettings } from '@numbernest/contracts';
import { auditReplySchema, blockReplySchema } from '@numbernest/contracts/ops';
import { protocolAnswers } from '@numbernest/contracts/handler-api';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { routes } from '../src/routes';
import { as, signIn, storedUser, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';

/**
 * Blocking an account: every user route answers 403 ACCOUNT_BLOCKED (one check, in getUser), the
 * developer API answers BANNED, the sessions end at once (tokens and sockets), the money stays;
 * unblocking gives access back to a new sign-in. Each write audited with before and after.
 */

const blockedReply = { message: 'This account has been blocked; contact support', code: 'ACCOUNT_BLOCKED' };

/** A body each route with one accepts, so that the answer is the handler's (validation runs first). */
const validBodies: Record<string, unknown> = {
  'POST /api/user/notification/read': { id: '0000000000000000000000000' },
  'PUT /api/user/settings': defaultUserSettings,
  'POST /api/user/top-ups': { amount: 10, provider: 'stripe' },
  'POST /api/user/transfers': { email: 'someone@example.com', amount: 1 },
  'POST /api/user/rentals': { mobile_number_type_id: 2, mobile_number_id: 1, rent_time_id: 1 },
  'POST /api/user/rentals/{id}/extend': { rent_time_id: 1 },
  'POST /api/user/rentals/{id}/messages': { to: '+447700900123', body: 'hi' },
  'POST /api/user/rentals/{id}/report': { reason: 'not_delivered' },
  'POST /api/user/api-keys': { name: 'bot' },
  'PUT /api/user/webhook': { url: 'https://example.com/hook' },
  'PUT /api/user/forwarding': { email: false, telegram: false, whatsapp: false, push: false },
  'POST /api/user/whatsapp/verify': { number: '+447400000001' },
  'POST /api/user/whatsapp/confirm': { code: '123456' },
  'POST /api/user/push/subscriptions': {
    endpoint: 'https://push.example.com/send/abc',
    keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
  },
  'DELETE /api/user/push/subscriptions': { endpoint: 'https://push.example.com/send/abc' },
  'POST /api/user/partner/agents': { name: 'SIM bank', url: 'https://example.com/smshub' },
  'PATCH /api/user/partner/agents/{id}': { name: 'SIM bank' },
  'POST /api/user/partner/payouts': { amount: 10, destination: 'TXYZ1234567890' },
  'PUT /api/user/max-prices/{serviceId}': { price: 1 },
};

/** A path parameter each route with a numeric one accepts (every other takes an id of our form). */
const validParams: Record<string, string> = {
  'PUT /api/user/max-prices/{serviceId}': '1',
  'DELETE /api/user/max-prices/{serviceId}': '1',
};

/** Every route of the signed-in customer: /api/user… and /api/logout. */
const userRoutes = routes.filter((r) => r.auth && (r.path === '/api/user' || r.path.startsWith('/api/user/') || r.path === '/api/logout'));

function callRoute(route: (typeof routes)[number], token: string) {
  const key = `${route.method} ${route.path}`;
  const path = route.path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, validParams[key] ?? '0000000000000000000000000');
  const body = route.method === 'GET' || (route.method === 'DELETE' && !validBodies[key]) ? undefined : JSON.stringify(validBodies[key] ?? {});
  return send(route.method, path, {
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
}

async function apiKeyOf(user: TestUser): Promise<string> {
  const reply = await as(user.idToken).post('/user/api-keys', { name: 'bot' });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return createdApiKeyReplySchema.parse(reply.json).key;
}

const getBalance = async (key: string) =>
  (await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getBalance' })}`)).text();

async function openSocket(token: string) {
  const socket = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/_local/ws?token=${encodeURIComponent(token)}`);
  const closed = new Promise<number>((resolve) => socket.on('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { closed };
}

async function auditOf(operator: TestUser, action: string, sub: string) {
  const reply = await as(operator.idToken).get('/ops/audit?limit=200');
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.target.id === sub);
}

describe('blocking an account', () => {
  it('refuses every user route with 403 ACCOUNT_BLOCKED, ends the sessions at once, answers BANNED on handler_api, keeps the money; unblocking restores access', async () => {
    const operator = await createOperator();
    const customer = await userWithBalance(12_34);
    const key = await apiKeyOf(customer);
    expect(await getBalance(key)).toBe('ACCESS_BALANCE:12.34');
    const socket = await openSocket(customer.idToken);
    const ledgerBefore = (await storedUser(customer.sub))!.ledgerSeq;

    expectError(await as(operator.idToken).post(`/ops/users/${customer.sub}/block`, {}), 400);
    const reply = await as(operator.idToken).post(`/ops/users/${customer.sub}/block`, { reason: 'Fraudulent sign-ups' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const { blocked } = blockReplySchema.parse(reply.json).data;
    expect(blocked).toMatchObject({ reason: 'Fraudulent sign-ups', by: { sub: operator.sub, email: operator.email } });
    expectError(await as(operator.idToken).post(`/ops/users/${customer.sub}/block`, { reason: 'Again and again' }), 409, 'ALREADY_BLOCKED');

    // The sessions ended at once: the open socket is closed, the old token says why it is refused.
    expect(await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('still open'), 3_000))])).not.toBe('still open');
    expect(expectError(await as(customer.idToken).get('/user'), 403)).toEqual(blockedReply);
    expect(await getBalance(key)).toBe(protocolAnswers.accountBlocked);
    // And the 5sim-compatible API, in its own words.
    const fiveSimProfile = await fetch(`${apiUrl}/v1/user/profile`, { headers: { authorization: `Bearer ${key}` } });
    expect({ status: fiveSimProfile.status, text: await fiveSimProfile.text() }).toEqual({ status: 403, text: 'account blocked' });

    // A new sign-in still gets tokens from Cognito, but every user route refuses them, except signing out.
    const fresh = await signIn(customer);
    await expect(openSocket(fresh.idToken)).rejects.toThrow();
    const walked = userRoutes.filter((route) => route.path !== '/api/logout');
    expect(walked.length).toBeGreaterThan(25);
    const answers = await Promise.all(walked.map(async (route) => ({ route: `${route.method} ${route.path}`, ...(await callRoute(route, fresh.idToken)) })));
    const refused = answers.map((a) => ({ route: a.route, status: a.status, json: a.json }));
    expect(refused).toEqual(walked.map((route) => ({ route: `${route.method} ${route.path}`, status: 403, json: blockedReply })));

    // The money stays: the balance as it was, no ledger entry.
    const profile = (await storedUser(customer.sub))!;
    expect(profile.balanceCents).toBe(12_34);
    expect(profile.ledgerSeq).toBe(ledgerBefore);
    expect(profile.blocked).toEqual(blocked);
    expect(await auditOf(operator, 'user.block', customer.sub)).toEqual([
      expect.objectContaining({ before: { blocked: null }, after: { blocked }, reason: 'Fraudulent sign-ups' }),
    ]);

    // Unblocked: a new sign-in works again (and the developer API key); the blocked-era tokens stay revoked.
    const unblocked = await as(operator.idToken).post(`/ops/users/${customer.sub}/unblock`, { reason: 'Cleared by support' });
    expect(unblocked.status, JSON.stringify(unblocked.json)).toBe(200);
    expect(blockReplySchema.parse(unblocked.json).data.blocked).toBeNull();
    expectError(await as(operator.idToken).post(`/ops/users/${customer.sub}/unblock`, {}), 409, 'NOT_BLOCKED');
    expectError(await as(customer.idToken).get('/user'), 401, 'SESSION_ENDED');
    const again = await signIn(customer);
    const me = await as(again.idToken).get('/user/balance');
    expect(me.status, JSON.stringify(me.json)).toBe(200);
    expect(await getBalance(key)).toBe('ACCESS_BALANCE:12.34');
    expect(await auditOf(operator, 'user.unblock', customer.sub)).toEqual([
      expect.objectContaining({ before: { blocked }, after: { blocked: null }, reason: 'Cleared by support' }),
    ]);
  });

  it('a blocked account may still sign out', async () => {
    const operator = await createOperator();
    const customer = await userWithBalance(0);
    expect((await as(operator.idToken).post(`/ops/users/${customer.sub}/block`, { reason: 'Abuse reports' })).status).toBe(200);
    const fresh = await signIn(customer);
    const reply = await as(fresh.idToken).post('/logout', {});
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  });

  it('refuses an unknown account (404) and the operator’s own (409)', async () => {
    const operator = await createOperator();
    expectError(await as(operator.idToken).post(`/ops/users/${randomUUID()}/block`, { reason: 'Nobody at all' }), 404, 'USER_NOT_FOUND');
    expectError(await as(operator.idToken).post(`/ops/users/${operator.sub}/block`, { reason: 'Myself, oddly' }), 409, 'CANNOT_BLOCK_SELF');
    expectError(await as(operator.idToken).post(`/ops/users/${randomUUID()}/unblock`, {}), 404, 'USER_NOT_FOUND');
  });
});

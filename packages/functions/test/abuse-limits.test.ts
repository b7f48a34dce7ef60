import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contactReplySchema } from '@numbernest/contracts';
import { contactFormLimit, topUpLimit, webhookRedeliverLimit, webhookTestLimit, type RateLimit } from '@numbernest/core/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, send, type ApiReply } from './api';
import { as, userWithBalance, type TestUser } from './auth-users';
import { fillWindows, type FilledWindows } from './rate-windows';

/**
 * Per-IP limits on public writes. The client's address is the one that connected (API Gateway's
 * requestContext.http.sourceIp; no header names it), so each test connects from its own loopback
 * addresses (127.51.100.0/24, which no other test uses: `from`, testing.ts fetchFrom).
 * Each test sets its window's count in the table (rate-windows.ts) rather than sending its way to
 * the limit or waiting for a fresh window.
 */

const contact = (from: string, subject: string, headers: Record<string, string> = {}): Promise<ApiReply> =>
  send('POST', '/contact-us', {
    from,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'Load Tester', email: 'load@example.com', subject, message: 'Hello, this is one of many messages.' }),
  });

/** The messages stored with this subject. */
async function storedWithSubject(subject: string) {
  const { queryPartition } = await import('@numbernest/core/db');
  const stored = await queryPartition<{ subject: string }>('CONTACT_MESSAGES', 'MESSAGE#');
  return stored.filter((m) => m.subject === subject);
}

/**
 * A simultaneous burst against windows filled to `before`: every window takes requests up to the
 * limit and not one more, and exactly the requests it took are answered `ok`. All land in one window
 * but when it ends mid-burst; then the next, filled alike, takes its share (a burst of at least
 * twice the room fills one of them either way). Answers how many were taken.
 */
async function expectBurstHeld(windows: FilledWindows, limit: RateLimit, before: number, replies: ApiReply[], ok: number): Promise<number> {
  const counts = await windows.counts();
  expect(Math.max(...counts)).toBe(limit.limit);
  const taken = replies.filter((r) => r.status === ok).length;
  expect(taken).toBe(counts.reduce((sum, n) => sum + n - before, 0));
  return taken;
}

describe('POST /api/contact-us per-IP limit (30 a minute)', () => {
  it('answers the 31st message from one address 429 with Retry-After and stores nothing for it; others are unaffected', async () => {
    const address = '127.51.100.7';
    const subject = `limit ${randomUUID()}`;
    // 29 messages this minute: the 30th is taken and counted; with the minute full, the 31st is not.
    const windows = await fillWindows(contactFormLimit, address, 29);
    expect((await contact(address, subject)).status).toBe(201);
    expect(await windows.counts()).toContain(30);
    await fillWindows(contactFormLimit, address, 30);

    const refused = await contact(address, subject);
    expect(expectError(refused, 429).message).toMatch(/too many/i);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await storedWithSubject(subject)).toHaveLength(1);

    // Another address in the same minute is served.
    const other = await contact('127.51.100.8', subject);
    expect(other.status).toBe(201);
    expect(contactReplySchema.parse(other.json).id).toBeTruthy();
    expect(await storedWithSubject(subject)).toHaveLength(2);
  });

  it('counts the address that connected: X-Forwarded-For naming another client does not get past the limit', async () => {
    const [address, other] = ['127.51.100.11', '127.51.100.12'];
    const subject = `spoofed ${randomUUID()}`;
    await fillWindows(contactFormLimit, address, 30);
    expectError(await contact(address, subject), 429, 'CONTACT_LIMIT');
    for (const forwarded of [other, `${other}, ${address}`]) {
      expectError(await contact(address, subject, { 'x-forwarded-for': forwarded }), 429, 'CONTACT_LIMIT');
    }
    expect(await storedWithSubject(subject)).toHaveLength(0);
    expect((await contact(other, subject)).status).toBe(201);
  });

  it('holds under concurrency: of 40 simultaneous messages from one address with 10 left in the minute, 10 are taken and stored', async () => {
    const address = '127.51.100.9';
    const subject = `burst ${randomUUID()}`;
    const windows = await fillWindows(contactFormLimit, address, 20);
    const replies = await Promise.all(Array.from({ length: 40 }, () => contact(address, subject)));
    const taken = await expectBurstHeld(windows, contactFormLimit, 20, replies, 201);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(40 - taken);
    expect(await storedWithSubject(subject)).toHaveLength(taken);
  });

  it('is documented in the OpenAPI document (201, and 429 with Retry-After)', async () => {
    const { buildOpenApi } = await import('../src/openapi/document');
    const contactUs = (buildOpenApi() as { paths: Record<string, { post: { responses: Record<string, { headers?: object }> } }> }).paths['/api/contact-us']!
      .post;
    expect(Object.keys(contactUs.responses).sort()).toEqual(['201', '400', '429']);
    expect(contactUs.responses['429']!.headers).toHaveProperty('Retry-After');
  });

  it('does not count a request refused as invalid (400) against the address', async () => {
    const address = '127.51.100.10';
    const subject = `invalid ${randomUUID()}`;
    // One message left this minute: a single counted 400 would use it up.
    const windows = await fillWindows(contactFormLimit, address, 29);
    for (let i = 0; i < 35; i++) {
      const reply = await send('POST', '/contact-us', { from: address, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(reply.status).toBe(400);
    }
    expect(await windows.counts()).toEqual([29, 29]);
    expect((await contact(address, subject)).status).toBe(201);
  });
});

/** The 429 of a per-user limit: the message and a Retry-After within the window. */
function expectLimited(reply: ApiReply, windowSeconds: number) {
  expect(expectError(reply, 429).message).toMatch(/too many/i);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('per-user limits on work done elsewhere', () => {
  // A receiver on loopback that takes every delivery (the local stage allows http to 127.0.0.1).
  const hooks = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  let hookUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => hooks.close(() => resolve())));

  async function userWithWebhook(): Promise<TestUser> {
    const user = await userWithBalance(0);
    expect((await as(user.idToken).put('/user/webhook', { url: hookUrl })).status).toBe(200);
    return user;
  }
  const deliveriesOf = async (user: TestUser) =>
    ((await as(user.idToken).get('/user/webhook')).json as { data: { deliveries: Array<{ id: string }> } }).data.deliveries;

  it('POST /api/user/webhook/test: 10 a minute per user, then 429 with Retry-After and no delivery; another user is served', async () => {
    const user = await userWithWebhook();
    const windows = await fillWindows(webhookTestLimit, user.sub, 9);
    expect((await as(user.idToken).post('/user/webhook/test')).status).toBe(202);
    expect(await windows.counts()).toContain(10);
    await fillWindows(webhookTestLimit, user.sub, 10);
    expectLimited(await as(user.idToken).post('/user/webhook/test'), 60);
    expect(await deliveriesOf(user)).toHaveLength(1);
    const other = await userWithWebhook();
    expect((await as(other.idToken).post('/user/webhook/test')).status).toBe(202);
  });

  it('POST /api/user/webhook/deliveries/{id}/redeliver: 30 a minute per user, then 429 with Retry-After', async () => {
    const user = await userWithWebhook();
    const test = await as(user.idToken).post('/user/webhook/test');
    const id = (test.json as { data: { id: string } }).data.id;
    const windows = await fillWindows(webhookRedeliverLimit, user.sub, 25);
    const replies = await Promise.all(Array.from({ length: 10 }, () => as(user.idToken).post(`/user/webhook/deliveries/${id}/redeliver`)));
    const taken = await expectBurstHeld(windows, webhookRedeliverLimit, 25, replies, 202);
    const refused = replies.filter((r) => r.status !== 202);
    expect(refused).toHaveLength(10 - taken);
    for (const reply of refused) expectLimited(reply, 60);
    expect(await deliveriesOf(user)).toHaveLength(1 + taken);
  });

  it('POST /api/user/top-ups: 10 per 10 minutes per user, then 429 with Retry-After; invalid requests are not counted', async () => {
    const user = await userWithBalance(0);
    const windows = await fillWindows(topUpLimit, user.sub, 6);
    for (let i = 0; i < 3; i++) expect((await as(user.idToken).post('/user/top-ups', { amount: 0.5, provider: 'perfectmoney' })).status).toBe(400);
    const replies = await Promise.all(Array.from({ length: 8 }, () => as(user.idToken).post('/user/top-ups', { amount: 5, provider: 'perfectmoney' })));
    // The counts grew by the top-ups taken alone: the three 400s counted nothing.
    const taken = await expectBurstHeld(windows, topUpLimit, 6, replies, 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(8 - taken);
    for (const reply of refused) expectLimited(reply, 600);
    const other = await userWithBalance(0);
    expect((await as(other.idToken).post('/user/top-ups', { amount: 5, provider: 'perfectmoney' })).status).toBe(201);
  });

  it('are documented in the OpenAPI document (429 with Retry-After)', async () => {
    const { buildOpenApi } = await import('../src/openapi/document');
    const paths = (buildOpenApi() as { paths: Record<string, { post: { responses: Record<string, { headers?: object }> } }> }).paths;
    for (const path of ['/api/user/webhook/test', '/api/user/webhook/deliveries/{id}/redeliver', '/api/user/top-ups']) {
      expect(paths[path]!.post.responses['429']!.headers, path).toHaveProperty('Retry-After');
    }
  });
});

import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contactReplySchema } from '@numbernest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, send, type ApiReply } from './api';
import { as, userWithBalance, type TestUser } from './auth-users';

/**
 * Per-IP limits on public writes. The local gateway takes the client address from X-Forwarded-For
 * (and only it: on AWS, API Gateway sets requestContext.http.sourceIp itself), so each test
 * plays its own addresses from TEST-NET-2 (198.51.100.0/24); the first one of the header counts.
 */

const contact = (from: string, subject: string): Promise<ApiReply> =>
  send('POST', '/contact-us', {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ name: 'Load Tester', email: 'load@example.com', subject, message: 'Hello, this is one of many messages.' }),
  });

/** The messages stored with this subject. */
async function storedWithSubject(subject: string) {
  const { queryPartition } = await import('@numbernest/core/db');
  const stored = await queryPartition<{ subject: string }>('CONTACT_MESSAGES', 'MESSAGE#');
  return stored.filter((m) => m.subject === subject);
}

/** A counter's window is fixed on the clock (a minute, ten minutes): start a burst with room left in it. */
async function atLeastSecondsLeftInWindow(seconds: number, windowSeconds = 60) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
const atLeastSecondsLeftInMinute = (seconds: number) => atLeastSecondsLeftInWindow(seconds);

describe('POST /api/contact-us per-IP limit (30 a minute)', () => {
  it('answers the 31st message from one address 429 with Retry-After and stores nothing for it; others are unaffected', async () => {
    const ip = '198.51.100.7, 10.1.2.3';
    const subject = `limit ${randomUUID()}`;
    await atLeastSecondsLeftInMinute(10);
    for (let i = 0; i < 30; i++) expect((await contact(ip, subject)).status).toBe(201);

    const refused = await contact(ip, subject);
    expect(expectError(refused, 429).message).toMatch(/too many/i);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await storedWithSubject(subject)).toHaveLength(30);

    // Another address in the same minute is served.
    const other = await contact('198.51.100.8', subject);
    expect(other.status).toBe(201);
    expect(contactReplySchema.parse(other.json).id).toBeTruthy();
    expect(await storedWithSubject(subject)).toHaveLength(31);
  });

  it('holds under concurrency: of 40 simultaneous messages from one address exactly 30 are taken and stored', async () => {
    const ip = '198.51.100.9';
    const subject = `burst ${randomUUID()}`;
    await atLeastSecondsLeftInMinute(10);
    const replies = await Promise.all(Array.from({ length: 40 }, () => contact(ip, subject)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await storedWithSubject(subject)).toHaveLength(30);
  });

  it('is documented in the OpenAPI document (201, and 429 with Retry-After)', async () => {
    const { buildOpenApi } = await import('../src/openapi/document');
    const contactUs = (buildOpenApi() as { paths: Record<string, { post: { responses: Record<string, { headers?: object }> } }> }).paths['/api/contact-us']!
      .post;
    expect(Object.keys(contactUs.responses).sort()).toEqual(['201', '400', '429']);
    expect(contactUs.responses['429']!.headers).toHaveProperty('Retry-After');
  });

  it('does not count a request refused as invalid (400) against the address', async () => {
    const ip = '198.51.100.10';
    const subject = `invalid ${randomUUID()}`;
    await atLeastSecondsLeftInMinute(10);
    for (let i = 0; i < 35; i++) {
      const reply = await send('POST', '/contact-us', { headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: '{}' });
      expect(reply.status).toBe(400);
    }
    expect((await contact(ip, subject)).status).toBe(201);
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
    await atLeastSecondsLeftInMinute(15);
    for (let i = 0; i < 10; i++) expect((await as(user.idToken).post('/user/webhook/test')).status).toBe(202);
    expectLimited(await as(user.idToken).post('/user/webhook/test'), 60);
    expect(await deliveriesOf(user)).toHaveLength(10);
    const other = await userWithWebhook();
    expect((await as(other.idToken).post('/user/webhook/test')).status).toBe(202);
  });

  it('POST /api/user/webhook/deliveries/{id}/redeliver: 30 a minute per user, then 429 with Retry-After', async () => {
    const user = await userWithWebhook();
    await atLeastSecondsLeftInMinute(20);
    const test = await as(user.idToken).post('/user/webhook/test');
    const id = (test.json as { data: { id: string } }).data.id;
    const replies = await Promise.all(Array.from({ length: 35 }, () => as(user.idToken).post(`/user/webhook/deliveries/${id}/redeliver`)));
    expect(replies.filter((r) => r.status === 202)).toHaveLength(30);
    const refused = replies.filter((r) => r.status !== 202);
    expect(refused).toHaveLength(5);
    for (const reply of refused) expectLimited(reply, 60);
    expect(await deliveriesOf(user)).toHaveLength(31);
  });

  it('POST /api/user/top-ups: 10 per 10 minutes per user, then 429 with Retry-After; invalid requests are not counted', async () => {
    const user = await userWithBalance(0);
    await atLeastSecondsLeftInWindow(30, 600);
    for (let i = 0; i < 3; i++) expect((await as(user.idToken).post('/user/top-ups', { amount: 0.5, provider: 'perfectmoney' })).status).toBe(400);
    const replies = await Promise.all(Array.from({ length: 14 }, () => as(user.idToken).post('/user/top-ups', { amount: 5, provider: 'perfectmoney' })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(4);
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

import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { contactReplySchema } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, send, type ApiReply } from './api';

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

/** The counter's window is the clock minute: start a burst with room left in it. */
async function atLeastSecondsLeftInMinute(seconds: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

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
    const contactUs = (buildOpenApi() as { paths: Record<string, { post: { responses: Record<string, { headers?: object }> } }> }).paths['/api/contact-us']!.post;
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

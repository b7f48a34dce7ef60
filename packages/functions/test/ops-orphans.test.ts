import { apiUrl, expectError, send } from './api'; // first: points this process at the local cloud
import { randomBytes, randomUUID } from 'node:crypto';
import { messagesReplySchema, notificationsReplySchema, NumberType, rentalReplySchema, type Rental } from '@numbernest/contracts';
import { auditReplySchema, orphanCandidatesReplySchema, orphanListReplySchema, orphanReplySchema, type OrphanMessage } from '@numbernest/contracts/ops';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { openPrivateOffer, ownNumbers, type OwnNumber } from './own-numbers';

/**
 * Orphan SMS in the operator console: an SMS to a number nobody rents is kept, listed, and an
 * operator gives it to the rental that holds the number now (delivered exactly as a routed SMS:
 * messages, counters, notification, push) or dismisses it; each decision once, and audited.
 */

const marker = () => randomUUID().replace(/[^a-f]/g, 'x'); // letters only: never read as part of a code

async function sms(to: string, from: string, body: string, messageSid = `SM${randomBytes(16).toString('hex')}`) {
  const response = await fetch(`${apiUrl}/_local/sms/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from, body, messageSid }),
  });
  expect(response.status).toBe(200);
  const result = (await response.json()) as { status: number; reply: string; messageSid: string; record: null | Record<string, unknown> };
  expect(result.status, result.reply).toBe(200);
  return result;
}

async function privateNumber(): Promise<OwnNumber> {
  const [number] = await ownNumbers(NumberType.Private, openPrivateOffer().countryId);
  return number!;
}

async function rent(user: TestUser, number: OwnNumber): Promise<Rental> {
  const reply = await send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ mobile_number_type_id: 2, mobile_number_id: number.numberId, rent_time_id: 1 }),
  });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return rentalReplySchema.parse(reply.json).data;
}

async function orphans(operator: TestUser, status = ''): Promise<OrphanMessage[]> {
  const reply = await as(operator.idToken).get(`/ops/orphan-messages?limit=200${status ? `&status=${status}` : ''}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return orphanListReplySchema.parse(reply.json).data;
}

async function auditOf(operator: TestUser, action: string, id: string) {
  const reply = await as(operator.idToken).get('/ops/audit?limit=200');
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.target.id === id);
}

/** A tab of the customer's: the push frames it received. */
async function openTab(token: string) {
  const socket = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/_local/ws?token=${encodeURIComponent(token)}`);
  const frames: Array<{ type?: string; message?: { body?: string } }> = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { frames, close: () => socket.close() };
}

async function until<T>(read: () => T | undefined, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('orphan SMS', () => {
  it('an SMS to a number nobody rents is listed; assigned to the rental that holds it now, it reaches the renter once, as a routed SMS would', async () => {
    const operator = await createOperator();
    const number = await privateNumber();
    const tag = marker();
    const text = `G-482913 is your Google verification code ${tag}`;
    const sent = await sms(number.e164, 'Google', text);
    expect(sent.record).toMatchObject({ outcome: 'orphan', reason: 'no-active-rental' });
    const orphanId = sent.record!.orphanId as string;

    const listed = (await orphans(operator)).find((o) => o.id === orphanId);
    expect(listed).toMatchObject({
      status: 'open',
      number: number.e164,
      number_id: number.numberId,
      from: 'Google',
      text,
      code: '482913',
      reason: 'no-active-rental',
      upstream: { provider: 'twilio', message_id: sent.messageSid, device_id: null, sim: null, agent_id: null },
      resolved: null,
    });
    const { countOrphanMessages } = await import('@numbernest/core/messaging');
    expect(await countOrphanMessages()).toBeGreaterThanOrEqual(1);

    // Nobody rents the number yet: nowhere to assign it.
    expect(orphanCandidatesReplySchema.parse((await as(operator.idToken).get(`/ops/orphan-messages/${orphanId}/rentals`)).json).data).toEqual([]);

    const customer = await userWithBalance(100_00);
    const rental = await rent(customer, number);
    const candidates = orphanCandidatesReplySchema.parse((await as(operator.idToken).get(`/ops/orphan-messages/${orphanId}/rentals`)).json).data;
    expect(candidates).toEqual([expect.objectContaining({ rental_id: rental.id, user: { sub: customer.sub, email: customer.email } })]);

    // Another customer's rental of another number is not where this SMS may go.
    const other = await userWithBalance(100_00);
    const elsewhere = await rent(other, await privateNumber());
    expectError(await as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/assign`, { rental_id: elsewhere.id }), 409, 'RENTAL_NOT_ON_NUMBER');

    const tab = await openTab(customer.idToken);
    const unreadBefore = notificationsReplySchema.parse((await as(customer.idToken).get('/user/notifications')).json).data.unread_count;
    // Two operators at once: delivered once, the other is told it is done.
    const replies = await Promise.all([0, 1].map(() => as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/assign`, { rental_id: rental.id })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(
      replies.find((r) => r.status === 409)!,
      409,
      'ORPHAN_SMS_RESOLVED',
    );
    const assigned = orphanReplySchema.parse(replies.find((r) => r.status === 200)!.json).data;
    expect(assigned).toMatchObject({ status: 'assigned', resolved: { by: { sub: operator.sub }, rental_id: rental.id } });

    const messages = messagesReplySchema.parse((await as(customer.idToken).get('/user/messages')).json).data.data;
    expect(messages).toEqual([
      expect.objectContaining({
        id: assigned.resolved!.message_id,
        rental_id: rental.id,
        box: 'inbox',
        from: 'Google',
        body: text,
        code: '482913',
        verified: true,
      }),
    ]);
    expect(rentalReplySchema.parse((await as(customer.idToken).get(`/user/rentals/${rental.id}`)).json).data).toMatchObject({
      messages_count: 1,
      last_message: { body: text, code: '482913' },
      refundable: false,
    });
    const notes = notificationsReplySchema.parse((await as(customer.idToken).get('/user/notifications')).json).data;
    expect(notes.unread_count).toBe(unreadBefore + 1);
    expect(notes.data[0]!.data).toMatchObject({ kind: 'message', params: { from: 'Google', code: '482913', rentalId: rental.id } });
    const pushed = await until(() => tab.frames.find((f) => f.type === 'message' && f.message?.body === text));
    expect(pushed).toBeDefined();
    tab.close();

    // The upstream retrying the same SMS is a replay: nothing is stored twice.
    const replay = await sms(number.e164, 'Google', text, sent.messageSid);
    expect(replay.record).toMatchObject({ outcome: 'delivered', rentalId: rental.id, messageId: assigned.resolved!.message_id });
    expect(messagesReplySchema.parse((await as(customer.idToken).get('/user/messages')).json).data.data).toHaveLength(1);

    expect((await orphans(operator)).some((o) => o.id === orphanId)).toBe(false);
    expect((await orphans(operator, 'assigned')).find((o) => o.id === orphanId)).toMatchObject({ status: 'assigned' });
    expect(await auditOf(operator, 'orphan-sms.assign', orphanId)).toEqual([
      expect.objectContaining({
        operator: { sub: operator.sub, email: operator.email },
        before: { status: 'open' },
        after: { status: 'assigned', rental_id: rental.id, user: customer.sub, message_id: assigned.resolved!.message_id },
      }),
    ]);
    expectError(await as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/dismiss`, {}), 409, 'ORPHAN_SMS_RESOLVED');
  });

  it('dismiss sets an orphan aside once, audited; unknown ids are 404', async () => {
    const operator = await createOperator();
    const number = await privateNumber();
    const text = `hello ${marker()}`;
    const { record } = await sms(number.e164, 'Friend', text);
    const orphanId = record!.orphanId as string;

    expectError(await as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/dismiss`, { reason: 'no' }), 400);
    const reply = await as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/dismiss`, { reason: 'Spam to a free number' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(orphanReplySchema.parse(reply.json).data).toMatchObject({ status: 'dismissed', resolved: { reason: 'Spam to a free number', rental_id: null } });
    expectError(await as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/dismiss`, {}), 409, 'ORPHAN_SMS_RESOLVED');
    expectError(await as(operator.idToken).post(`/ops/orphan-messages/${orphanId}/assign`, { rental_id: 'x' }), 409, 'ORPHAN_SMS_RESOLVED');

    expect((await orphans(operator)).some((o) => o.id === orphanId)).toBe(false);
    expect((await orphans(operator, 'dismissed')).find((o) => o.id === orphanId)).toMatchObject({ text });
    expect(await auditOf(operator, 'orphan-sms.dismiss', orphanId)).toEqual([
      expect.objectContaining({ before: { status: 'open' }, after: { status: 'dismissed' }, reason: 'Spam to a free number' }),
    ]);

    expectError(await as(operator.idToken).post('/ops/orphan-messages/nope/dismiss', {}), 404, 'ORPHAN_SMS_NOT_FOUND');
    expectError(await as(operator.idToken).post('/ops/orphan-messages/nope/assign', { rental_id: 'x' }), 404, 'ORPHAN_SMS_NOT_FOUND');
    expectError(await as(operator.idToken).get('/ops/orphan-messages?status=later'), 400);
  });
});

import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  messagesReplySchema,
  mobileNumbersReplySchema,
  rentalReplySchema,
  sendMessageReplySchema,
  type Message,
  type PurchaseRequest,
  type Rental,
} from '@numbernest/contracts';
import { countSegments } from '@numbernest/core/message/segments';
import { catalogFixture, seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, post, send, type ApiReply } from './api';
import { as, balanceOf, setBalanceCents, userWithBalance, type TestUser } from './auth-users';

/**
 * Start Chat end to end: POST /api/user/rentals/{id}/messages -> the ledger (sms-out, and a refund
 * when Twilio refuses) -> Twilio's Messages API, here the local SMS sandbox's stand-in, whose
 * outbox shows what left. Private numbers come from countries the catalogue tests do not count,
 * shuffled, so parallel test files rarely reach for the same ones (a taken one is skipped).
 */

const shuffled = <T>(list: T[]) => list.map((item) => [Math.random(), item] as const).sort((a, b) => a[0] - b[0]).map(([, item]) => item);

function buy(user: TestUser, body: PurchaseRequest): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

/** Buys the first free number of these requests (a 409 means another test holds it: try the next). */
async function rentFirstFree(user: TestUser, requests: PurchaseRequest[]): Promise<Rental> {
  for (const request of requests) {
    const reply = await buy(user, request);
    if (reply.status === 409) continue;
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return rentalReplySchema.parse(reply.json).data;
  }
  throw new Error('No free number to rent');
}

/** A Private rental in a country other than the catalogue tests' (they count that country's free numbers). */
async function rentPrivate(user: TestUser): Promise<Rental> {
  for (const offer of shuffled(seedCatalog.privateOffers.filter((p) => p.countryId !== catalogFixture.private.countryId))) {
    const reply = await post('/get-numbers', { country_id: offer.countryId, mobile_number_type_id: 2 });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const numbers = shuffled(mobileNumbersReplySchema.parse(reply.json).data);
    if (!numbers.length) continue;
    return rentFirstFree(user, numbers.map((n) => ({ mobile_number_type_id: 2, mobile_number_id: n.id, rent_time_id: 1 })));
  }
  throw new Error('No free Private number');
}

async function rentShared(user: TestUser): Promise<Rental> {
  const { countryId, serviceId } = catalogFixture.shared;
  const numbers = shuffled(seedCatalog.numbers.filter((n) => n.countryId === countryId && n.typeId === 1));
  return rentFirstFree(user, numbers.map((n) => ({ mobile_number_type_id: 1, mobile_number_id: n.numberId, service_provider_id: serviceId, rent_time_id: 1 })));
}

function sendSms(user: TestUser, rentalId: string, body: unknown, key: string | null = randomUUID()): Promise<ApiReply> {
  const headers: Record<string, string> = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return send('POST', `/user/rentals/${rentalId}/messages`, { headers, body: JSON.stringify(body) });
}

function sent(reply: ApiReply) {
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return sendMessageReplySchema.parse(reply.json);
}

/** A destination nobody else's test sends to (US 555 numbers, not Twilio's magic +1500555…). */
const uniqueTo = () => `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

interface OutboxSms {
  id: string;
  from: string;
  to: string;
  body: string;
  sentAt: string;
}

/** What the sandbox's Twilio stand-in took, for this text. */
async function outboxWith(body: string): Promise<OutboxSms[]> {
  const response = await fetch(`${apiUrl}/_local/sms/outbox`);
  expect(response.status).toBe(200);
  return ((await response.json()) as OutboxSms[]).filter((sms) => sms.body === body);
}

async function sentBox(user: TestUser): Promise<Message[]> {
  const reply = await as(user.idToken).get('/user/messages?box=sent');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return messagesReplySchema.parse(reply.json).data.data;
}

async function ledger(user: TestUser) {
  const { allEntries } = await import('@numbernest/core/ledger');
  return allEntries(user.sub);
}

/** The user's last two entries are a 5-cent sms-out and its refund, and the newest Sent record is this failed text. */
async function refundedLast(user: TestUser, body: string) {
  const entries = (await ledger(user)).slice(-2);
  expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
    ['sms-out', -5],
    ['refund', 5],
  ]);
  const [box] = await sentBox(user);
  expect(box).toMatchObject({ body, status: 'failed', price: 0.05 });
  return { entries, box };
}

describe('POST /api/user/rentals/{id}/messages (Start Chat)', () => {
  it('sends from a Private number: 201, debited exactly its segments, an sms-out entry, a Sent record, and Twilio got it', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const to = uniqueTo();
    // Cyrillic: UCS-2, 70 a segment, 67 when longer: 80 characters are two segments.
    const body = `Привет ${randomUUID().slice(0, 8)} ${'ж'.repeat(63)}`;
    expect(countSegments(body)).toMatchObject({ encoding: 'UCS-2', segments: 2 });

    const reply = sent(await sendSms(user, rental.id, { to, body }));
    expect(reply.data).toMatchObject({ rental_id: rental.id, box: 'sent', from: rental.number, to, body, code: null, price: 0.1, segments: 2, status: 'sent' });
    expect(reply.balance).toBe((before - 10) / 100);
    expect(await balanceOf(user)).toBe(before - 10);

    const entry = (await ledger(user)).at(-1)!;
    expect(entry).toMatchObject({ kind: 'sms-out', amountCents: -10, reference: reply.data.id, description: { key: 'smsOut', params: { number: rental.number, to } } });

    const box = await sentBox(user);
    expect(box.map((m) => m.id)).toEqual([reply.data.id]);
    expect(box[0]).toEqual(reply.data);
    // The conversation of the rental shows it too; the rental itself still counts only SMS received.
    const conversation = messagesReplySchema.parse((await as(user.idToken).get(`/user/messages?rental_id=${rental.id}`)).json).data.data;
    expect(conversation.map((m) => m.id)).toEqual([reply.data.id]);
    expect(((await as(user.idToken).get(`/user/messages?box=inbox`)).json as { data: { data: unknown[] } }).data.data).toEqual([]);
    expect(rentalReplySchema.parse((await as(user.idToken).get(`/user/rentals/${rental.id}`)).json).data.messages_count).toBe(0);

    const outbox = await outboxWith(body);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ from: rental.number, to, body, id: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
  });

  it('the same Idempotency-Key again (even at once) sends and debits once; another text under it is a 409', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const body = `Hello from NumberNest ${randomUUID()}`;
    const request = { to: uniqueTo(), body };
    const key = randomUUID();

    const replies = await Promise.all([1, 2, 3].map(() => sendSms(user, rental.id, request, key)));
    const ids = new Set(replies.map((r) => sent(r).data.id));
    expect(ids.size).toBe(1);
    const again = sent(await sendSms(user, rental.id, request, key));
    expect(again.data).toMatchObject({ id: [...ids][0], status: 'sent' });
    expect(await balanceOf(user)).toBe(before - 5);
    expect((await ledger(user)).filter((e) => e.kind === 'sms-out')).toHaveLength(1);
    expect(await outboxWith(body)).toHaveLength(1);
    expect(await sentBox(user)).toHaveLength(1);

    expectError(await sendSms(user, rental.id, { ...request, body: `${body}!` }, key), 409);
    expect(await balanceOf(user)).toBe(before - 5);
  });

  it('short of balance: 402 with the shortfall, nothing sent, nothing stored', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    await setBalanceCents(user.sub, 7);
    const body = `${'a'.repeat(150)} ${randomUUID()}`; // > 160 GSM-7 characters: two segments, 10 cents
    const reply = await sendSms(user, rental.id, { to: uniqueTo(), body });
    expect(reply.status, JSON.stringify(reply.json)).toBe(402);
    expect(reply.json).toEqual({ message: expect.any(String), shortfall: 0.03 });
    expect(await balanceOf(user)).toBe(7);
    expect(await outboxWith(body)).toEqual([]);
    expect(await sentBox(user)).toEqual([]);
  });

  it('Twilio refusing it (its magic invalid number +15005550001): 502, refunded, the Sent record failed', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const body = `Will not go ${randomUUID()}`;
    const reply = expectError(await sendSms(user, rental.id, { to: '+15005550001', body }), 502);
    expect(reply.message).toMatch(/not sent.*not a valid phone number.*\$0\.05 went back to your balance/);
    expect(await balanceOf(user)).toBe(before);

    const { entries, box } = await refundedLast(user, body);
    expect(box).toMatchObject({ to: '+15005550001' });
    expect(entries[1]).toMatchObject({ reference: box!.id, description: { key: 'smsRefund', params: { number: rental.number, to: '+15005550001' } } });
    expect(await outboxWith(body)).toEqual([]);

    // The same key again answers the same failure, and moves no money.
    const key = randomUUID();
    const first = expectError(await sendSms(user, rental.id, { to: '+15005550001', body: `${body} again` }, key), 502);
    expect(expectError(await sendSms(user, rental.id, { to: '+15005550001', body: `${body} again` }, key), 502).message).toBe(first.message);
    expect(await balanceOf(user)).toBe(before);
    expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(2);
  });

  it('a request that died after the debit (its record left `sending`) is refunded by the rental job once it is 5 minutes old, exactly once', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const { payForMessage, refundUnsentMessages, unsentRefundAfterMs } = await import('@numbernest/core/message');
    const { findUser } = await import('@numbernest/core/user');
    const body = `Never answered ${randomUUID()}`;
    // Only the debit, as if the process died before Twilio answered; dated back so that only this record is due.
    const diedAt = Date.now() - unsentRefundAfterMs - 60_000;
    const paid = await payForMessage({ user: (await findUser(user.sub))!, rentalId: rental.id, request: { to: uniqueTo(), body }, idempotencyKey: randomUUID(), now: new Date(diedAt) });
    expect('message' in paid && paid.message.status).toBe('sending');
    expect(await balanceOf(user)).toBe(before - 5);
    expect(await refundUnsentMessages(diedAt + unsentRefundAfterMs - 1_000)).toBe(0); // not due yet

    // Two runs at once (and the local ticker, which may run meanwhile): one refund between them.
    const refunded = await Promise.all([refundUnsentMessages(), refundUnsentMessages()]);
    expect(refunded[0]! + refunded[1]!).toBeLessThanOrEqual(1);
    expect(await balanceOf(user)).toBe(before);
    await refundedLast(user, body);
    expect(await refundUnsentMessages()).toBe(0);
    expect(await balanceOf(user)).toBe(before);
    expect(await outboxWith(body)).toEqual([]);
  });

  it('refuses a Shared rental (400), someone else’s rental (404), an ended one (409), bad fields and no Idempotency-Key (400)', async () => {
    const user = await userWithBalance(100_00);
    const shared = await rentShared(user);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const request = { to: uniqueTo(), body: `Hi ${randomUUID()}` };

    expect(expectError(await sendSms(user, shared.id, request), 400).message).toMatch(/Only a Private number/);
    const stranger = await userWithBalance(100_00);
    expectError(await sendSms(stranger, rental.id, request), 404);
    expectError(await sendSms(user, 'r0000000000000000000', request), 404);

    expectFieldErrors(await sendSms(user, rental.id, { to: '447700900123', body: 'Hi' }), ['to']);
    expectFieldErrors(await sendSms(user, rental.id, { to: request.to, body: '   ' }), ['body']);
    expectFieldErrors(await sendSms(user, rental.id, { to: request.to, body: 'x'.repeat(1601) }), ['body']);
    expectFieldErrors(await sendSms(user, rental.id, { ...request, price: 0 }), ['price']);
    expectFieldErrors(await sendSms(user, rental.id, request, null), ['Idempotency-Key']);
    expectFieldErrors(await sendSms(user, rental.id, { to: rental.number, body: 'Hi me' }), ['to']);
    expect(await balanceOf(user)).toBe(before);
    expect(await balanceOf(stranger)).toBe(100_00);

    expect((await as(user.idToken).post(`/user/rentals/${rental.id}/close`)).status).toBe(200);
    const afterClose = await balanceOf(user);
    expectError(await sendSms(user, rental.id, request), 409);
    expect(await balanceOf(user)).toBe(afterClose);
    expect(await outboxWith(request.body)).toEqual([]);
  });
});

describe('the local Twilio Messages API stand-in', () => {
  const url = (sid: string) => `${apiUrl}/_local/sms/twilio/2010-04-01/Accounts/${sid}/Messages.json`;

  it('checks Basic auth against the local account and answers like Twilio', async () => {
    const { localSmsValue } = await import('@numbernest/local/sms/settings');
    const sid = localSmsValue('TwilioAccountSid');
    const auth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: auth(sid, localSmsValue('TwilioAuthToken')) };
    const body = `Direct ${randomUUID()}`;

    const wrong = await fetch(url(sid), { method: 'POST', headers: { ...headers, authorization: auth(sid, 'not-the-token') }, body: form({ From: '+447700900001', To: '+14155550100', Body: body }) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 20003, status: 401 });
    expect((await fetch(url(sid), { method: 'POST', body: form({ From: '+447700900001', To: '+14155550100', Body: body }) })).status).toBe(401);

    const missing = await fetch(url(sid), { method: 'POST', headers, body: form({ From: '+447700900001', Body: body }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 21604 });

    const ok = await fetch(url(sid), { method: 'POST', headers, body: form({ From: '+447700900001', To: '+14155550100', Body: body }) });
    expect(ok.status).toBe(201);
    const message = (await ok.json()) as Record<string, unknown>;
    expect(message).toMatchObject({ account_sid: sid, from: '+447700900001', to: '+14155550100', body, status: 'queued', direction: 'outbound-api', num_segments: '1' });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await outboxWith(body)).toEqual([expect.objectContaining({ id: message.sid, to: '+14155550100' })]);
    expect(await (await fetch(`${apiUrl}/_local/sms`)).text()).toContain(body);
  });
});

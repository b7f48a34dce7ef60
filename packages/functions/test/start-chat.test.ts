import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { messagesReplySchema, rentalReplySchema, sendMessageReplySchema, type Message, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { createServer } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { countSegments } from '@numbernest/core/sms-segments';
import { smsDailyDestinationCap, smsDailySegmentCap } from '@numbernest/core/sms-tariff';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, send, type ApiReply } from './api';
import { as, balanceOf, setBalanceCents, userWithBalance, type TestUser } from './auth-users';
import { ownPrivate, ownShared } from './own-numbers';

/**
 * Start Chat end to end: POST /api/user/rentals/{id}/messages -> the ledger (sms-out, and a refund
 * when Twilio refuses) -> Twilio's Messages API, here the local SMS sandbox's stand-in, whose
 * outbox shows what left. Each rental is of a number this file added (own-numbers.ts), so no other
 * test file can hold it.
 */

function buy(user: TestUser, body: PurchaseRequest): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

async function rent(user: TestUser, request: PurchaseRequest): Promise<Rental> {
  const reply = await buy(user, request);
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return rentalReplySchema.parse(reply.json).data;
}

const rentPrivate = async (user: TestUser): Promise<Rental> => rent(user, (await ownPrivate())[0]!);
const rentShared = async (user: TestUser): Promise<Rental> => rent(user, (await ownShared())[0]!);

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
  const { allEntries } = await import('@numbernest/core/money');
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
    expect(entry).toMatchObject({
      kind: 'sms-out',
      amountCents: -10,
      reference: reply.data.id,
      description: { key: 'smsOut', params: { number: rental.number, to } },
    });

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
    // A copy that arrives while the first still waits for Twilio answers the same record, still `sending` (202).
    for (const reply of replies) expect([201, 202], JSON.stringify(reply.json)).toContain(reply.status);
    expect(replies.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    const ids = new Set(replies.map((r) => sendMessageReplySchema.parse(r.json).data.id));
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
    expect(reply.json).toEqual({ message: expect.any(String), code: 'INSUFFICIENT_FUNDS', params: { balance: expect.any(String) }, shortfall: 0.03 });
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

  it('a request that died after the debit, before Twilio got it: the rental job finds nothing at Twilio once it is 5 minutes old and refunds it, exactly once', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const { payForMessage, refundUnsentMessages, unsentRefundAfterMs } = await import('@numbernest/core/messaging');
    const { findUser } = await import('@numbernest/core/accounts');
    const body = `Never answered ${randomUUID()}`;
    // Only the debit, as if the process died before calling Twilio; dated back so that only this record is due.
    const diedAt = Date.now() - unsentRefundAfterMs - 60_000;
    const paid = await payForMessage({
      user: (await findUser(user.sub))!,
      rentalId: rental.id,
      request: { to: uniqueTo(), body },
      idempotencyKey: randomUUID(),
      now: new Date(diedAt),
    });
    expect('message' in paid && paid.message.status).toBe('sending');
    expect(await balanceOf(user)).toBe(before - 5);
    expect((await refundUnsentMessages(diedAt + unsentRefundAfterMs - 1_000)).refunded).toBe(0); // not due yet

    // Two runs at once (and the local ticker, which may run meanwhile): one refund between them.
    const runs = await Promise.all([refundUnsentMessages(), refundUnsentMessages()]);
    expect(runs[0]!.refunded + runs[1]!.refunded).toBeLessThanOrEqual(1);
    expect(await balanceOf(user)).toBe(before);
    await refundedLast(user, body);
    expect((await refundUnsentMessages()).refunded).toBe(0);
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

/** A UAE mobile number nobody else's test sends to (14 cents a segment). */
const uniqueUaeTo = () => `+97150${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The user's Start Chat day as if they had already sent `n` segments to these numbers today. */
async function seedDay(sub: string, n: number, destinations: string[]) {
  const { db, tableName } = await import('@numbernest/core/db');
  const { messageKeys } = await import('@numbernest/core/messaging');
  const day = new Date().toISOString().slice(0, 10);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...messageKeys.sentDay(sub, day), n, dests: new Set(destinations), expiresAt: Math.floor(Date.now() / 1000) + 3 * 86400 },
    }),
  );
}

/** The local Twilio account, or the same at a closed port (Twilio unreachable). */
async function twilioAccount(reachable = true) {
  const { localSmsValue } = await import('@numbernest/local/sms/settings');
  let apiUrl = localSmsValue('TwilioApiUrl');
  if (!reachable) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    apiUrl = `http://127.0.0.1:${port}`;
  }
  return { apiUrl, accountSid: localSmsValue('TwilioAccountSid'), authToken: localSmsValue('TwilioAuthToken') };
}

/** What the process that died had done: Twilio's Messages API took this SMS (here its stand-in); returns its sid. */
async function twilioTakes(from: string, to: string, body: string): Promise<string> {
  const account = await twilioAccount();
  const response = await fetch(`${account.apiUrl}/2010-04-01/Accounts/${account.accountSid}/Messages.json`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ From: from, To: to, Body: body }).toString(),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { sid: string }).sid;
}

/** Only the debit and the `sending` record, as if the process died right after it. */
async function debitOnly(user: TestUser, rentalId: string, to: string, body: string, now = new Date()) {
  const { payForMessage } = await import('@numbernest/core/messaging');
  const { findUser } = await import('@numbernest/core/accounts');
  const paid = await payForMessage({ user: (await findUser(user.sub))!, rentalId, request: { to, body }, idempotencyKey: randomUUID(), now });
  if (!('message' in paid)) throw new Error('expected a new debit');
  return paid.message;
}

async function storedMessage(sub: string, id: string) {
  const { getItem } = await import('@numbernest/core/db');
  const { messageKeys } = await import('@numbernest/core/messaging');
  return getItem<{ status: string; providerMessageId?: string; dueQueue?: string }>(messageKeys.item(sub, id));
}

describe('Start Chat against SMS pumping', () => {
  it('prices each destination at its country’s rate, and refuses (400 on `to`) countries it does not send to, before any debit', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const to = uniqueUaeTo();
    const body = `Salaam ${randomUUID()}`;
    const reply = sent(await sendSms(user, rental.id, { to, body }));
    expect(reply.data).toMatchObject({ to, price: 0.14, segments: 1, status: 'sent' });
    expect(await balanceOf(user)).toBe(before - 14);
    expect((await ledger(user)).at(-1)).toMatchObject({ kind: 'sms-out', amountCents: -14 });
    expect(await outboxWith(body)).toHaveLength(1);

    // The UK, Jamaica (+1, but not the US), Russia: not offered; a number too short for the US: not valid.
    for (const elsewhere of ['+447911123456', '+18765550123', '+79161234567', '+1415555012']) {
      const refused = expectFieldErrors(await sendSms(user, rental.id, { to: elsewhere, body }), ['to']);
      expect(refused.errors!.to![0]).toMatch(/only to numbers in .*United States/);
    }
    expect(await balanceOf(user)).toBe(before - 14);
    expect(await outboxWith(body)).toHaveLength(1);
  });

  it('a 1,600-character UCS-2 message is priced at its 24 segments before anything is sent: short by a cent, 402 and nothing sent; else 24 segments debited, then sent', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const body = `${randomUUID()}${'ж'.repeat(1600 - 36)}`;
    expect(body).toHaveLength(1600);
    expect(countSegments(body)).toMatchObject({ encoding: 'UCS-2', segments: 24 });
    const to = uniqueTo();
    await setBalanceCents(user.sub, 24 * 5 - 1);
    const short = await sendSms(user, rental.id, { to, body });
    expect(short.status, JSON.stringify(short.json)).toBe(402);
    expect(await outboxWith(body)).toEqual([]);
    await setBalanceCents(user.sub, 24 * 5);
    const { data, balance } = sent(await sendSms(user, rental.id, { to, body }));
    expect(data).toMatchObject({ segments: 24, price: 1.2 });
    expect(balance).toBe(0);
    expect(await outboxWith(body)).toHaveLength(1);
  });

  it(`the daily cap (${smsDailySegmentCap} segments) holds under concurrent sends: of 5 at once with room for one, one goes and 4 get 429 with Retry-After, debited once`, async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const to = uniqueTo();
    const segments = 10;
    await seedDay(user.sub, smsDailySegmentCap - segments, [to]);
    const before = await balanceOf(user);
    const tag = randomUUID();
    const bodies = [1, 2, 3, 4, 5].map((i) => `${tag} ${i} ${'a'.repeat(153 * segments - 40)}`);
    for (const body of bodies) expect(countSegments(body).segments).toBe(segments);

    const replies = await Promise.all(bodies.map((body) => sendSms(user, rental.id, { to, body })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(replies.map((r) => r.json))).toEqual([201, 429, 429, 429, 429]);
    for (const limited of replies.filter((r) => r.status === 429)) {
      expect(expectError(limited, 429).message).toMatch(/at most 200 SMS a day.*0 left today and this message is 10/);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
    }
    const price = 5 * segments;
    expect(await balanceOf(user)).toBe(before - price);
    expect((await ledger(user)).filter((e) => e.kind === 'sms-out')).toHaveLength(1);
    expect((await Promise.all(bodies.map(outboxWith))).flat()).toHaveLength(1);
    expect(await sentBox(user)).toHaveLength(1);
  });

  it(`at most ${smsDailyDestinationCap} different destinations a day: a new one gets 429, the day’s known ones still go`, async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const known = Array.from({ length: smsDailyDestinationCap }, uniqueTo);
    await seedDay(user.sub, smsDailyDestinationCap, known);
    const before = await balanceOf(user);

    const limited = await sendSms(user, rental.id, { to: uniqueTo(), body: `New ${randomUUID()}` });
    expect(expectError(limited, 429).message).toMatch(/at most 10 different numbers a day/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await balanceOf(user)).toBe(before);

    sent(await sendSms(user, rental.id, { to: known[3]!, body: `Again ${randomUUID()}` }));
    expect(await balanceOf(user)).toBe(before - 5);
  });

  it('Twilio took it but our process died before recording the answer: the rental job finds it there, marks it sent with its sid, no refund', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const { refundUnsentMessages, unsentRefundAfterMs } = await import('@numbernest/core/messaging');
    const to = uniqueTo();
    const body = `Went, unrecorded ${randomUUID()}`;
    // The same text twice at once, two records; Twilio took only one of them.
    const first = await debitOnly(user, rental.id, to, body);
    const second = await debitOnly(user, rental.id, to, body);
    const sid = await twilioTakes(rental.number, to, body);
    expect(await balanceOf(user)).toBe(before - 10);

    // As the rental job sees them 5 minutes on (a `now` the local ticker has not reached).
    const report = await refundUnsentMessages(Date.now() + unsentRefundAfterMs + 1_000);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const records = [await storedMessage(user.sub, first.id), await storedMessage(user.sub, second.id)];
    expect(records.map((r) => r?.status)).toEqual(['sent', 'failed']); // the earlier record claims the earliest message
    expect(records[0]).toMatchObject({ providerMessageId: sid });
    expect(records[0]?.dueQueue).toBeUndefined();
    expect(await balanceOf(user)).toBe(before - 5);
    expect((await ledger(user)).map((e) => e.kind).slice(-3)).toEqual(['sms-out', 'sms-out', 'refund']);
    // Nothing moves on a second run.
    await refundUnsentMessages(Date.now() + unsentRefundAfterMs + 2_000);
    expect(await balanceOf(user)).toBe(before - 5);
  });

  it('Twilio cannot be asked: the record waits (no blind refund); a day on, it is refunded anyway', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const { refundUnsentMessages, unsentRefundAfterMs, unsentGiveUpAfterMs } = await import('@numbernest/core/messaging');
    const body = `Fate unknown ${randomUUID()}`;
    const message = await debitOnly(user, rental.id, uniqueTo(), body);
    const unreachable = await twilioAccount(false);

    const waiting = await refundUnsentMessages(Date.now() + unsentRefundAfterMs + 1_000, unreachable);
    expect(waiting.waiting).toBeGreaterThanOrEqual(1);
    expect(await storedMessage(user.sub, message.id)).toMatchObject({ status: 'sending', dueQueue: 'SMS_UNSENT' });
    expect(await balanceOf(user)).toBe(before - 5);

    const later = await refundUnsentMessages(Date.now() + unsentGiveUpAfterMs + 60_000, unreachable);
    expect(later.refunded).toBeGreaterThanOrEqual(1);
    expect(await storedMessage(user.sub, message.id)).toMatchObject({ status: 'failed' });
    expect(await balanceOf(user)).toBe(before);
    await refundedLast(user, body);
  });

  it('a send with no usable answer asks Twilio at once: taken -> 201 sent and paid; not taken -> 502 and refunded', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    // The sandbox's numbers whose send answers 503: after taking the message, and without.
    const took = sent(await sendSms(user, rental.id, { to: '+15005550098', body: `Lost answer ${randomUUID()}` }));
    expect(took.data).toMatchObject({ status: 'sent', price: 0.05 });
    expect(await balanceOf(user)).toBe(before - 5);

    const body = `Not taken ${randomUUID()}`;
    const failed = expectError(await sendSms(user, rental.id, { to: '+15005550099', body }), 502);
    expect(failed.message).toMatch(/not sent.*\$0\.05 went back to your balance/);
    expect(await balanceOf(user)).toBe(before - 5);
    await refundedLast(user, body);
  });

  it('a send with no usable answer while Twilio cannot be asked either: 202 with the message still `sending`, paid until the rental job settles it', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentPrivate(user);
    const before = await balanceOf(user);
    const { refundUnsentMessages, unsentRefundAfterMs } = await import('@numbernest/core/messaging');
    const body = `Down ${randomUUID()}`;
    const key = randomUUID();
    // The sandbox's number whose send and lookup both answer 503.
    const reply = await sendSms(user, rental.id, { to: '+15005550097', body }, key);
    expect(reply.status, JSON.stringify(reply.json)).toBe(202);
    const pending = sendMessageReplySchema.parse(reply.json);
    expect(pending.data).toMatchObject({ status: 'sending', price: 0.05 });
    expect(await balanceOf(user)).toBe(before - 5);
    // The same key again answers the same, and moves nothing.
    expect((await sendSms(user, rental.id, { to: '+15005550097', body }, key)).status).toBe(202);

    // The rental job cannot ask Twilio either: it waits (a day on it would refund, as tested above).
    expect((await refundUnsentMessages(Date.now() + unsentRefundAfterMs + 1_000)).waiting).toBeGreaterThanOrEqual(1);
    expect(await storedMessage(user.sub, pending.data.id)).toMatchObject({ status: 'sending' });
    expect(await balanceOf(user)).toBe(before - 5);
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

    const wrong = await fetch(url(sid), {
      method: 'POST',
      headers: { ...headers, authorization: auth(sid, 'not-the-token') },
      body: form({ From: '+447700900001', To: '+14155550100', Body: body }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 20003, status: 401 });
    expect((await fetch(url(sid), { method: 'POST', body: form({ From: '+447700900001', To: '+14155550100', Body: body }) })).status).toBe(401);

    const missing = await fetch(url(sid), { method: 'POST', headers, body: form({ From: '+447700900001', Body: body }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 21604 });

    const ok = await fetch(url(sid), { method: 'POST', headers, body: form({ From: '+447700900001', To: '+14155550100', Body: body }) });
    expect(ok.status).toBe(201);
    const message = (await ok.json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      account_sid: sid,
      from: '+447700900001',
      to: '+14155550100',
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
    });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await outboxWith(body)).toEqual([expect.objectContaining({ id: message.sid, to: '+14155550100' })]);
    expect(await (await fetch(`${apiUrl}/_local/sms`)).text()).toContain(body);
  });

  it('lists what it took as Twilio lists messages: filtered by To and From, newest first, paged by next_page_uri', async () => {
    const { findTwilioMessages } = await import('@numbernest/core/messaging');
    const account = await twilioAccount();
    const from = '+447700900002';
    const to = uniqueTo();
    const tag = randomUUID();
    const sids: string[] = [];
    for (const n of [1, 2, 3]) sids.push(await twilioTakes(from, to, `${tag} ${n}`));
    await twilioTakes(from, uniqueTo(), `${tag} elsewhere`);

    const auth = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;
    const list = async (query: string, authorization = auth) => fetch(`${url(account.accountSid)}?${query}`, { headers: { authorization } });
    expect((await list(`To=${encodeURIComponent(to)}`, 'Basic eDp5')).status).toBe(401);
    const first = await list(new URLSearchParams({ To: to, From: from, PageSize: '2' }).toString());
    expect(first.status).toBe(200);
    const page = (await first.json()) as {
      messages: Array<{ sid: string; body: string; direction: string; date_created: string }>;
      next_page_uri: string | null;
      page_size: number;
    };
    expect(page.page_size).toBe(2);
    expect(page.messages.map((m) => m.sid)).toEqual([sids[2], sids[1]]);
    expect(page.messages[0]).toMatchObject({ body: `${tag} 3`, direction: 'outbound-api', to, from });
    expect(Date.parse(page.messages[0]!.date_created)).toBeGreaterThan(Date.now() - 60_000);
    const next = await fetch(`${account.apiUrl}${page.next_page_uri}`, { headers: { authorization: auth } });
    expect(((await next.json()) as { messages: Array<{ sid: string }>; next_page_uri: string | null }).messages.map((m) => m.sid)).toEqual([sids[0]]);

    // The client Start Chat uses reads it the same way.
    const found = await findTwilioMessages(account, { from, to, since: Date.now() - 60_000 });
    expect(found.ok && found.messages.map((m) => m.sid)).toEqual([sids[2], sids[1], sids[0]]);
  });
});

import { apiUrl, expectError, expectFieldErrors, send } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { createTopUpReplySchema, rentalReplySchema, type PurchaseRequest } from '@numbernest/contracts';
import { auditReplySchema, overviewReplySchema, recountActiveRentalsReplySchema, type Overview } from '@numbernest/contracts/ops';
import { payeerNotification } from '@numbernest/local/payments/payeer';
import { deliver } from '@numbernest/local/payments/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { ownPrivate, ownShared } from './own-numbers';

async function overview(operator: TestUser, query = ''): Promise<Overview> {
  const reply = await as(operator.idToken).get(`/ops/overview${query}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return overviewReplySchema.parse(reply.json).data;
}

async function buy(user: TestUser, body: PurchaseRequest) {
  const reply = await send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return rentalReplySchema.parse(reply.json).data;
}

/** One inbound SMS through the local SMS sandbox (a signed Twilio webhook to the real route). */
async function sms(to: string, body: string) {
  const response = await fetch(`${apiUrl}/_local/sms/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from: 'Google', body }),
  });
  expect(response.status).toBe(200);
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe('GET /api/ops/overview', () => {
  let operator: TestUser;
  beforeAll(async () => {
    operator = await createOperator();
  });

  it('answers 30 days ending today, the last 48 hours, the gauge and the open items', async () => {
    const data = await overview(operator);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)!.date).toBe(today);
    expect(data.today.date).toBe(today);
    expect(data.hours).toHaveLength(48);
    expect(data.hours.at(-1)!.hour).toBe(new Date().toISOString().slice(0, 13));
    expect(new Set(data.days.map((d) => d.date)).size).toBe(30);
    // The lists' own counts (other test files add to them meanwhile, so only their shape here; the orphan below counts).
    expect(data.open_items).toEqual({
      top_ups_in_review: expect.any(Number),
      orphan_messages: expect.any(Number),
      unanswered_contact_messages: expect.any(Number),
      accounts_on_hold: expect.any(Number),
    });
    expect((await overview(operator, '?days=7')).days).toHaveLength(7);
  });

  it('refuses a window out of range with field errors, and non-operators', async () => {
    expectFieldErrors(await as(operator.idToken).get('/ops/overview?days=0'), ['days']);
    expectFieldErrors(await as(operator.idToken).get('/ops/overview?days=91'), ['days']);
    expectFieldErrors(await as(operator.idToken).get('/ops/overview?days=abc'), ['days']);
    const customer = await userWithBalance();
    expectError(await as(customer.idToken).get('/ops/overview'), 403, 'OPERATORS_ONLY');
  });

  it('counts a top-up, a purchase, a refunded close, a routed SMS and an orphan as they happen', async () => {
    const before = await overview(operator, '?days=1');

    // A top-up of $7.00 through Payeer, credited by its notification.
    const payer = await userWithBalance();
    const created = await as(payer.idToken).post('/user/top-ups', { amount: 7, provider: 'payeer' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const topUp = createTopUpReplySchema.parse(created.json).data;
    expect((await deliver(apiUrl, payeerNotification({ topUpId: topUp.id, amountCents: 700 }))).status).toBe(200);

    // A Shared purchase closed at once (unused, within 20 minutes): refunded in full.
    const buyer = await userWithBalance(100_000);
    const [shared] = await ownShared(1);
    const refunded = await buy(buyer, shared!);
    const closed = await as(buyer.idToken).post(`/user/rentals/${refunded.id}/close`);
    expect(rentalReplySchema.parse(closed.json).data.ended).toBe('refunded');

    // A Private rental that receives an SMS (every sender counts), and an SMS to a number nobody knows.
    const [priv] = await ownPrivate(1);
    const rented = await buy(buyer, priv!);
    const afterPurchase = await overview(operator, '?days=1');
    expect(afterPurchase.active_rentals.private).toBeGreaterThanOrEqual(1);
    await sms(rented.number, `G-${String(Date.now()).slice(-6)} is your Google verification code`);
    await sms('+999000' + String(Date.now()).slice(-7), 'nobody rents this');

    const after = await overview(operator, '?days=1');
    const [t0, t1] = [before.today, after.today];
    // The local cloud's jobs end and refund earlier files' rentals meanwhile: at least our own increments.
    const grew = (from: number, to: number, by: number) => expect(to - from).toBeGreaterThanOrEqual(by);
    grew(t0.top_ups.payeer?.count ?? 0, t1.top_ups.payeer?.count ?? 0, 1);
    grew(cents(t0.top_ups.payeer?.sum ?? 0), cents(t1.top_ups.payeer?.sum ?? 0), 700);
    grew(t0.revenue.purchases, t1.revenue.purchases, 2);
    grew(cents(t0.revenue.sum), cents(t1.revenue.sum), cents(refunded.price) + cents(rented.price));
    grew(t0.refunds.count, t1.refunds.count, 1);
    grew(cents(t0.refunds.sum), cents(t1.refunds.sum), cents(refunded.price));
    grew(t0.sms_received, t1.sms_received, 2);
    grew(t0.sms_routed, t1.sms_routed, 1);
    grew(t0.otp_latency.samples, t1.otp_latency.samples, 1);
    grew(before.otp_latency.samples, after.otp_latency.samples, 1);
    expect(t1.otp_latency.p50_ms).not.toBeNull();
    expect(t1.otp_latency.p95_ms!).toBeGreaterThanOrEqual(t1.otp_latency.p50_ms!);
    const hourOf = (data: Overview) => data.hours.find((h) => h.hour === after.hours.at(-1)!.hour) ?? { sms_received: 0, sms_routed: 0 };
    grew(hourOf(before).sms_received, hourOf(after).sms_received, 2);
    grew(hourOf(before).sms_routed, hourOf(after).sms_routed, 1);
    // The orphan waits for an operator (another test file may resolve others meanwhile, not this one).
    expect(after.open_items.orphan_messages).toBeGreaterThanOrEqual(1);
  });

  it('recounts the active-rentals gauge from the rentals themselves, with an audit entry', async () => {
    const buyer = await userWithBalance(100_000);
    const [priv] = await ownPrivate(1);
    await buy(buyer, priv!);
    const reply = await as(operator.idToken).post('/ops/overview/active-rentals/recount');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const { before, after } = recountActiveRentalsReplySchema.parse(reply.json).data;
    expect(after.private).toBeGreaterThanOrEqual(1);
    const audit = auditReplySchema.parse((await as(operator.idToken).get('/ops/audit?limit=200')).json).data;
    const entry = audit.find((e) => e.action === 'overview.recount-active-rentals' && e.operator.sub === operator.sub);
    expect(entry).toMatchObject({ target: { type: 'stats', id: 'active-rentals' }, before, after });
  });
});

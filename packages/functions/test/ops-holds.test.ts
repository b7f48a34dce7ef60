import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { notificationsReplySchema, transferAllowanceReplySchema } from '@numbernest/contracts';
import { auditReplySchema, opsHoldDecisionReplySchema, opsHoldsReplySchema, overviewReplySchema, type OpsHold } from '@numbernest/contracts/ops';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, send, type ApiReply } from './api';
import { as, balanceOf, setBalanceCents, storedUser, userWithBalance, type TestUser } from './auth-users';
import { cardTopUp, dispute } from './card-payments';
import { createOperator } from './operators';

/**
 * Accounts on hold in the operator console, end to end: a card payment disputed through Stripe's
 * signed webhook holds the account; the console lists it (oldest first, what is owed, each
 * dispute's state) and counts it on the overview; an operator keeps it or releases it, each an
 * audit entry, and a decision on a hold that changed since the operator looked is refused.
 */
let operator: TestUser;

beforeAll(async () => {
  operator = await createOperator();
});

async function holds(): Promise<OpsHold[]> {
  const reply = await as(operator.idToken).get('/ops/holds');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return opsHoldsReplySchema.parse(reply.json).data;
}

const holdOf = async (user: TestUser) => (await holds()).find((h) => h.sub === user.sub);

const decide = (user: TestUser, body: unknown) => as(operator.idToken).post(`/ops/holds/${user.sub}/decision`, body);

function transfer(user: TestUser, body: unknown): Promise<ApiReply> {
  return send('POST', '/user/transfers', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

async function auditOf(sub: string) {
  const reply = await as(operator.idToken).get('/ops/audit?limit=200');
  return auditReplySchema.parse(reply.json).data.filter((entry) => entry.target.id === sub);
}

/** A customer whose card top-up was spent and then disputed: on hold, owing `owedCents`. */
async function disputedCustomer(owedCents = 800) {
  const customer = await userWithBalance();
  const { topUpId, paymentIntent } = await cardTopUp(customer, 10);
  await setBalanceCents(customer.sub, 1000 - owedCents); // spent meanwhile
  const disputeId = await dispute(paymentIntent);
  expect(await balanceOf(customer)).toBe(-owedCents);
  return { customer, topUpId, disputeId };
}

describe('GET /api/ops/holds', () => {
  it('lists a disputed account, oldest first, with what it owes, the reversal and its dispute state; the overview counts it', async () => {
    const first = await disputedCustomer(300);
    const { customer, topUpId, disputeId } = await disputedCustomer(800);
    const list = await holds();
    const hold = list.find((h) => h.sub === customer.sub)!;
    expect(hold).toEqual({
      sub: customer.sub,
      email: customer.email,
      since: expect.any(String),
      balance: -8,
      events: [{ kind: 'chargeback', top_up_id: topUpId, reference: disputeId, provider: 'stripe', amount: 10, at: hold.since, reason: expect.any(String) }],
      disputes: { [disputeId]: 'open' },
      decisions: [],
    });
    const order = list.map((h) => h.sub);
    expect(order.indexOf(first.customer.sub)).toBeLessThan(order.indexOf(customer.sub));
    expect(list.map((h) => h.since)).toEqual([...list.map((h) => h.since)].sort());

    const overview = overviewReplySchema.parse((await as(operator.idToken).get('/ops/overview?days=7')).json).data;
    expect(overview.open_items.accounts_on_hold).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('POST /api/ops/holds/{sub}/decision', () => {
  it('keep records the decision (the account stays held); release lifts it and the customer can send money again; both audited', async () => {
    const customer = await userWithBalance(2000);
    const { paymentIntent } = await cardTopUp(customer, 10);
    await dispute(paymentIntent);
    expect(await balanceOf(customer)).toBe(2000);
    const friend = await userWithBalance();
    expectError(await transfer(customer, { email: friend.email, amount: 1 }), 403);

    const kept = await decide(customer, { decision: 'keep', reason: '  Waiting for the bank  ', events_seen: 1 });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(opsHoldDecisionReplySchema.parse(kept.json).data).toEqual({
      sub: customer.sub,
      email: customer.email,
      decision: 'keep',
      operator: { sub: operator.sub, email: operator.email },
      reason: 'Waiting for the bank',
      at: expect.any(String),
      on_hold: true,
    });
    expect((await holdOf(customer))!.decisions).toEqual([
      { decision: 'keep', operator: { sub: operator.sub, email: operator.email }, reason: 'Waiting for the bank', at: expect.any(String) },
    ]);
    expectError(await transfer(customer, { email: friend.email, amount: 1 }), 403);

    const released = await decide(customer, { decision: 'release', reason: 'Customer paid it back', events_seen: 1 });
    expect(released.status, JSON.stringify(released.json)).toBe(200);
    expect(opsHoldDecisionReplySchema.parse(released.json).data).toMatchObject({ decision: 'release', on_hold: false });
    expect(await holdOf(customer)).toBeUndefined();
    expect((await storedUser(customer.sub))!.accountHold).toBeUndefined();
    const allowance = transferAllowanceReplySchema.parse((await as(customer.idToken).get('/user/transfers/allowance')).json).data;
    expect(allowance.on_hold).toBe(false);
    expect((await transfer(customer, { email: friend.email, amount: 1 })).status).toBe(201);
    const notes = notificationsReplySchema.parse((await as(customer.idToken).get('/user/notifications')).json).data.data;
    expect(notes.filter((n) => n.data.key === 'holdReleased')).toHaveLength(1);

    const audit = await auditOf(customer.sub);
    expect(audit.map((e) => e.action)).toEqual(['account-hold.release', 'account-hold.keep']);
    expect(audit[1]).toMatchObject({
      operator: { sub: operator.sub, email: operator.email },
      target: { type: 'user', id: customer.sub },
      before: { on_hold: true, events: 1, decisions: 0 },
      after: { on_hold: true, events: 1, decisions: 1 },
      reason: 'Waiting for the bank',
    });
    expect(audit[0]).toMatchObject({ before: { on_hold: true, events: 1, decisions: 1 }, after: { on_hold: false }, reason: 'Customer paid it back' });

    // Decided: not on hold any more.
    expectError(await decide(customer, { decision: 'release', reason: 'again', events_seen: 1 }), 404, 'HOLD_NOT_FOUND');
  }, 60_000);

  it('is refused (409) when another card payment was taken back after the operator looked, and nothing is recorded', async () => {
    const customer = await userWithBalance();
    const first = await cardTopUp(customer, 10);
    const second = await cardTopUp(customer, 5);
    await setBalanceCents(customer.sub, 0);
    await dispute(first.paymentIntent);
    const seen = (await holdOf(customer))!;
    expect(seen.events).toHaveLength(1);

    await dispute(second.paymentIntent); // arrives while the operator reads the first
    for (const decision of ['release', 'keep'])
      expectError(await decide(customer, { decision, reason: 'Looks settled', events_seen: seen.events.length }), 409, 'HOLD_CHANGED');
    const now = (await holdOf(customer))!;
    expect(now.events).toHaveLength(2);
    expect(now.balance).toBe(-15);
    expect(now.decisions).toEqual([]);
    expect(await auditOf(customer.sub)).toEqual([]);

    const released = await decide(customer, { decision: 'release', reason: 'Both disputes reviewed', events_seen: 2 });
    expect(released.status, JSON.stringify(released.json)).toBe(200);
  }, 60_000);

  it('two operators releasing at once: one decides, the other is told it changed', async () => {
    const { customer } = await disputedCustomer();
    const other = await createOperator();
    const replies = await Promise.all(
      [operator, other].map((op) => as(op.idToken).post(`/ops/holds/${customer.sub}/decision`, { decision: 'release', reason: 'Reviewed', events_seen: 1 })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect([404, 409]).toContain(replies.map((r) => r.status).sort()[1]);
    expect((await auditOf(customer.sub)).filter((e) => e.action === 'account-hold.release')).toHaveLength(1);
  }, 60_000);

  it('answers bad input with field errors and an account not on hold with 404', async () => {
    const { customer } = await disputedCustomer();
    expectFieldErrors(await decide(customer, { decision: 'maybe', reason: 'x', events_seen: 0 }), ['decision', 'reason', 'events_seen']);
    expectFieldErrors(await decide(customer, { decision: 'keep', reason: 'Reviewed' }), ['events_seen']);
    expectFieldErrors(await decide(customer, { decision: 'keep', reason: 'Reviewed', events_seen: 1.5 }), ['events_seen']);
    expectFieldErrors(await as(operator.idToken).post('/ops/holds/not%20a%20sub/decision', { decision: 'keep', reason: 'Reviewed', events_seen: 1 }), ['sub']);
    const clean = await userWithBalance();
    expectError(await decide(clean, { decision: 'keep', reason: 'Reviewed', events_seen: 1 }), 404, 'HOLD_NOT_FOUND');
    expect((await holdOf(customer))!.decisions).toEqual([]);
  }, 60_000);
});

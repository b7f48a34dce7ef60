import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  notificationsReplySchema,
  transactionsReplySchema,
  transferAllowanceReplySchema,
  userReplySchema,
  type TransferAllowance,
} from '@numbernest/contracts';
import { stripeChargeRefundedNotification, stripeDisputeNotification, type SandboxDispute } from '@numbernest/local/payments/stripe';
import { deliver } from '@numbernest/local/payments/types';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { apiUrl, expectError, expectFieldErrors, send, type ApiReply } from './api';
import { as, balanceOf, storedUser, userWithBalance, type TestUser } from './auth-users';
import { cardTopUp, dispute, sandboxAction } from './card-payments';

/** Who decides holds in these tests (the command line's shape). */
const cliOperator = { sub: 'cli:test', email: 'ops@numbernest' };

/** Stripe's own refund API (as the dashboard makes one), in the sandbox. */
async function refund(paymentIntent: string, cents?: number) {
  const form = new URLSearchParams({ payment_intent: paymentIntent, ...(cents ? { amount: String(cents) } : {}) });
  const reply = await fetch(`${apiUrl}/v1/refunds`, { method: 'POST', headers: { authorization: 'Bearer sk_test_local_numbernest' }, body: form });
  expect(reply.status, await reply.clone().text()).toBe(200);
  return (await reply.json()) as { id: string; amount: number; status: string };
}

function transfer(user: TestUser, body: unknown, key = randomUUID()): Promise<ApiReply> {
  return send('POST', '/user/transfers', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

async function allowance(user: TestUser): Promise<TransferAllowance> {
  const reply = await as(user.idToken).get('/user/transfers/allowance');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return transferAllowanceReplySchema.parse(reply.json).data;
}

/** As if the user's card top-ups had landed more than a day ago (tests only). */
async function ageCardHolds(user: TestUser) {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@numbernest/core/db');
  const { userKeys } = await import('@numbernest/core/accounts');
  await db.send(new UpdateCommand({ TableName: tableName(), Key: userKeys.profile(user.sub), UpdateExpression: 'REMOVE transferHolds' }));
}

const entriesOf = async (user: TestUser, kind?: string) => {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(user.sub)).filter((e) => !kind || e.kind === kind);
};

/** Any Temporary activation of the seeded catalogue (the purchase is refused before it is looked at). */
const someActivation = () => {
  const offer = seedCatalog.offers.find((o) => o.temporaryPriceCents !== undefined)!;
  const number = seedCatalog.numbers.find((n) => n.countryId === offer.countryId && n.typeId === 3)!;
  return { mobile_number_type_id: 3, mobile_number_id: number.numberId, service_provider_id: offer.serviceId };
};

describe('card money taken back (Stripe disputes and refunds)', () => {
  it('top up by card, send it on, dispute it: the balance goes below zero once, the account is held until an operator releases it', async () => {
    const [payer, friend] = await Promise.all([userWithBalance(), userWithBalance()]);
    const { topUpId, paymentIntent } = await cardTopUp(payer, 25);
    await ageCardHolds(payer); // a day later: the card money is transferable
    expect((await transfer(payer, { email: friend.email, amount: 20 })).status).toBe(201);
    expect(await balanceOf(payer)).toBe(500);

    const disputeId = await dispute(paymentIntent);
    expect(await balanceOf(payer)).toBe(500 - 2500);
    const [chargeback] = await entriesOf(payer, 'chargeback');
    expect(chargeback).toMatchObject({
      amountCents: -2500,
      balanceAfterCents: -2000,
      reference: topUpId,
      description: { key: 'chargeback', params: { amount: '25.00', provider: 'stripe' } },
    });
    expect((await storedUser(payer.sub))!.accountHold).toMatchObject({ reason: expect.stringContaining(disputeId) });
    const history = transactionsReplySchema.parse((await as(payer.idToken).get('/user/transactions')).json).data.data;
    expect(history[0]).toMatchObject({ kind: 'chargeback', amount: -25, balance_after: -20 });
    // The customer's own replies say the account is held and why (not the operator's detail).
    const since = chargeback!.createdAt;
    expect((await as(payer.idToken).get('/user/balance')).json).toEqual({ message: 'success', balance: -20, account_hold: { since, cause: 'chargeback' } });
    expect(userReplySchema.parse((await as(payer.idToken).get('/user')).json).data.account_hold).toEqual({ since, cause: 'chargeback' });
    const notes = notificationsReplySchema.parse((await as(payer.idToken).get('/user/notifications')).json).data.data;
    expect(notes[0]!.data).toMatchObject({ kind: 'chargeback', key: 'chargeback' });

    // Top-ups still work (paying off what is owed), but nothing leaves the balance while on hold.
    await cardTopUp(payer, 40);
    expect(await balanceOf(payer)).toBe(2000);
    await ageCardHolds(payer);
    const refused = expectError(await transfer(payer, { email: friend.email, amount: 1 }), 403);
    expect(refused.message).toContain('on hold');
    const purchase = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${payer.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(someActivation()),
    });
    expectError(purchase, 403);
    const { applyLedgerTransaction, AccountOnHoldError } = await import('@numbernest/core/money');
    for (const kind of ['extension', 'sms-out'] as const) {
      await expect(
        applyLedgerTransaction({
          idempotencyKey: `test:${randomUUID()}`,
          changes: [{ sub: payer.sub, amountCents: -1, kind, reference: 'r', description: { key: kind } }],
        }),
      ).rejects.toBeInstanceOf(AccountOnHoldError);
    }
    // The developer API answers in its protocol (HTTP 200, an error word), never a 500.
    const created = await as(payer.idToken).post('/user/api-keys', { name: 'bot' });
    const key = (created.json as { key: string }).key;
    const getNumber = await fetch(
      `${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getNumber', service: 'go', country: '43' })}`,
    );
    expect([getNumber.status, await getNumber.text()]).toEqual([200, 'NO_BALANCE']);
    expect((await allowance(payer)).on_hold).toBe(true);
    expect((await allowance(payer)).transferable).toBe(0);

    // The operators' queue holds it; a release lifts the hold (and is kept on the user).
    const { listHolds, releaseHold } = await import('@numbernest/core/money');
    const hold = (await listHolds()).find((h) => h.sub === payer.sub)!;
    expect(hold).toMatchObject({ email: payer.email, balanceCents: 2000, disputes: { [disputeId]: 'open' } });
    expect(hold.events).toEqual([expect.objectContaining({ kind: 'chargeback', reference: disputeId, topUpId, amountCents: 2500 })]);
    await expect(releaseHold(payer.sub, { operator: cliOperator, reason: '', decision: 'release', eventsSeen: 1 })).rejects.toMatchObject({
      fieldErrors: { reason: expect.any(Array) },
    });
    await releaseHold(payer.sub, { operator: cliOperator, reason: 'paid back by card', decision: 'keep', eventsSeen: 1 });
    expectError(await transfer(payer, { email: friend.email, amount: 1 }), 403);
    await releaseHold(payer.sub, { operator: cliOperator, reason: 'paid back by card', decision: 'release', eventsSeen: 1 });
    expect((await listHolds()).some((h) => h.sub === payer.sub)).toBe(false);
    expect((await transfer(payer, { email: friend.email, amount: 1 })).status).toBe(201);
    expect((await as(payer.idToken).get('/user/balance')).json).toMatchObject({ account_hold: null });
    const { NotFoundError } = await import('@numbernest/core/errors');
    await expect(releaseHold(payer.sub, { operator: cliOperator, reason: 'again', decision: 'release', eventsSeen: 1 })).rejects.toBeInstanceOf(NotFoundError);
  }, 60_000);

  it('one dispute debits once: replays and 20 concurrent deliveries of the same signed event', async () => {
    const payer = await userWithBalance();
    const { paymentIntent } = await cardTopUp(payer, 10);
    const event: SandboxDispute = {
      id: `dp_${randomUUID().replace(/-/g, '')}`,
      amountCents: 1000,
      chargeId: `ch_${randomUUID().replace(/-/g, '')}`,
      paymentIntent,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      created: Math.floor(Date.now() / 1000),
    };
    const notification = stripeDisputeNotification(event, 'charge.dispute.created');
    for (let i = 0; i < 3; i++) expect((await deliver(apiUrl, notification)).status).toBe(200);
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => deliver(apiUrl, notification)));
    for (const reply of concurrent) expect(reply.status, reply.body).toBe(200);
    expect(await balanceOf(payer)).toBe(0);
    expect(await entriesOf(payer, 'chargeback')).toHaveLength(1);

    // A second dispute of the same payment cannot take more than the top-up credited.
    const again = stripeDisputeNotification({ ...event, id: `${event.id}x` }, 'charge.dispute.created');
    expect((await deliver(apiUrl, again)).status).toBe(200);
    expect(await balanceOf(payer)).toBe(0);
  }, 60_000);

  it('a forged event and an unknown payment are refused (4xx), nothing moves', async () => {
    const payer = await userWithBalance();
    const { paymentIntent } = await cardTopUp(payer, 10);
    const base: SandboxDispute = {
      id: 'dp_forged',
      amountCents: 1000,
      chargeId: 'ch_x',
      paymentIntent,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      created: 0,
    };
    const forged = await deliver(apiUrl, stripeDisputeNotification(base, 'charge.dispute.created', { forgeWithSecret: 'whsec_not_ours' }));
    expect(forged.status).toBe(400);
    const unknown = await deliver(apiUrl, stripeDisputeNotification({ ...base, paymentIntent: 'pi_nobody' }, 'charge.dispute.created'));
    expect(unknown.status).toBe(404);
    expect(await balanceOf(payer)).toBe(1000);
    expect((await storedUser(payer.sub))!.accountHold).toBeUndefined();
  }, 60_000);

  it('partial refunds each debit once (replays none); a refund that leaves the balance at or above zero holds nothing', async () => {
    const payer = await userWithBalance();
    const { paymentIntent } = await cardTopUp(payer, 25);
    const first = await refund(paymentIntent, 500);
    expect(first).toMatchObject({ amount: 500, status: 'succeeded' });
    await refund(paymentIntent, 700);
    expect(await balanceOf(payer)).toBe(2500 - 1200);
    expect((await entriesOf(payer, 'card-refund')).map((e) => e.amountCents)).toEqual([-500, -700]);
    // Stripe retries: the event of the first refund again (running total $5.00) changes nothing.
    const replay = stripeChargeRefundedNotification({
      paymentIntent,
      chargeId: 'ch_replay',
      sessionId: '',
      topUpId: '',
      amountCents: 2500,
      currency: 'usd',
      amountRefundedCents: 500,
      created: 0,
    });
    expect((await deliver(apiUrl, replay)).status).toBe(200);
    expect(await balanceOf(payer)).toBe(1300);
    expect((await storedUser(payer.sub))!.accountHold).toBeUndefined();
  }, 60_000);

  it('a refund of money already spent leaves the balance owed and holds the account', async () => {
    const payer = await userWithBalance();
    const { paymentIntent } = await cardTopUp(payer, 10);
    const { applyLedgerTransaction } = await import('@numbernest/core/money');
    await applyLedgerTransaction({
      idempotencyKey: `test:${randomUUID()}`,
      changes: [{ sub: payer.sub, amountCents: -800, kind: 'adjustment', reference: 'spent', description: { key: 'adjustment', params: { reason: 'spent' } } }],
    });
    expect((await as(payer.idToken).get('/user/balance')).json).toMatchObject({ account_hold: null });
    await refund(paymentIntent);
    expect(await balanceOf(payer)).toBe(200 - 1000);
    expect((await storedUser(payer.sub))!.accountHold).toBeDefined();
    expect((await as(payer.idToken).get('/user/balance')).json).toMatchObject({ account_hold: { cause: 'card-refund' } });
    const { listHolds } = await import('@numbernest/core/money');
    expect((await listHolds()).find((h) => h.sub === payer.sub)?.events).toEqual([expect.objectContaining({ kind: 'card-refund', amountCents: 1000 })]);
  }, 60_000);

  it('a dispute closed as won gives the money back (once); lost keeps it taken', async () => {
    const payer = await userWithBalance();
    const won = await cardTopUp(payer, 10);
    const lost = await cardTopUp(payer, 5);
    const wonId = await dispute(won.paymentIntent);
    const lostId = await dispute(lost.paymentIntent);
    expect(await balanceOf(payer)).toBe(0);
    expect((await sandboxAction(`disputes/${wonId}/close`, { status: 'won' })).status).toBe(303);
    expect((await sandboxAction(`disputes/${lostId}/close`, { status: 'lost' })).status).toBe(303);
    expect(await balanceOf(payer)).toBe(1000);
    expect(await entriesOf(payer, 'chargeback-reversal')).toEqual([
      expect.objectContaining({ amountCents: 1000, description: expect.objectContaining({ key: 'chargebackReversal' }) }),
    ]);
    // The hold stays for an operator; the queue shows how each dispute ended.
    const { listHolds } = await import('@numbernest/core/money');
    expect((await listHolds()).find((h) => h.sub === payer.sub)?.disputes).toEqual({ [wonId]: 'won', [lostId]: 'lost' });
  }, 60_000);

  it('finds a payment credited before its payment intent was kept through Stripe (Checkout Sessions by payment_intent)', async () => {
    const payer = await userWithBalance();
    const { paymentIntent } = await cardTopUp(payer, 10);
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    const { topUpKeys } = await import('@numbernest/core/money');
    await db.send(new DeleteCommand({ TableName: tableName(), Key: topUpKeys.byPayment('stripe', paymentIntent) }));
    await dispute(paymentIntent, '4.00');
    expect(await balanceOf(payer)).toBe(600);
  }, 60_000);

  it('only a card reversal may leave a balance below zero', async () => {
    const { applyLedgerTransaction, applyCardReversal } = await import('@numbernest/core/money');
    const { InsufficientFundsError } = await import('@numbernest/core/errors');
    const user = await userWithBalance(100);
    await expect(
      applyLedgerTransaction({
        idempotencyKey: `test:${randomUUID()}`,
        changes: [{ sub: user.sub, amountCents: -500, kind: 'chargeback', reference: 'r', description: { key: 'x' } }],
      }),
    ).rejects.toThrow(/applyCardReversal/);
    await expect(
      applyLedgerTransaction({
        idempotencyKey: `test:${randomUUID()}`,
        changes: [{ sub: user.sub, amountCents: -500, kind: 'purchase', reference: 'r', description: { key: 'x' } }],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      applyCardReversal({
        idempotencyKey: `test:${randomUUID()}`,
        change: { sub: user.sub, amountCents: 500, kind: 'chargeback', reference: 'r', description: { key: 'x' } },
        hold: 'always',
        holdReason: 'x',
      }),
    ).rejects.toThrow();
    expect(await balanceOf(user)).toBe(100);
  });
});

describe('the ledger checker', () => {
  it('names a debit other than a card reversal that left a balance below zero', async () => {
    const { checkLedger, ledgerKeys } = await import('@numbernest/core/money');
    const { PutCommand, UpdateCommand, DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    const { userKeys } = await import('@numbernest/core/accounts');
    const user = await userWithBalance(100);
    const setProfile = (balanceCents: number, ledgerSeq: number) =>
      db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: userKeys.profile(user.sub),
          UpdateExpression: 'SET balanceCents = :b, ledgerSeq = :s',
          ExpressionAttributeValues: { ':b': balanceCents, ':s': ledgerSeq },
        }),
      );
    const entry = {
      sub: user.sub,
      seq: 2,
      id: 'raw',
      kind: 'purchase',
      amountCents: -300,
      balanceAfterCents: -200,
      reference: 'r',
      description: { key: 'x' },
      createdAt: new Date().toISOString(),
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...ledgerKeys.entry(user.sub, 2), ...entry } }));
    await setProfile(-200, 2);
    try {
      expect((await checkLedger()).problems.find((p) => p.sub === user.sub)?.detail).toBe('entry 2 (purchase) left the balance below zero');
    } finally {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: ledgerKeys.entry(user.sub, 2) }));
      await setProfile(100, 1); // the suite's own ledger check runs at the end
    }
  });
});

describe('transfers: card money held a day, and a daily limit', () => {
  it('a card top-up cannot be sent on for 24 hours; other money can; the allowance says how much', async () => {
    const [sender, friend] = await Promise.all([userWithBalance(1000), userWithBalance()]);
    await cardTopUp(sender, 30);
    expect(await allowance(sender)).toMatchObject({
      balance: 40,
      held: 30,
      transferable: 10,
      daily_limit: 500,
      sent_today: 0,
      left_today: 500,
      on_hold: false,
    });
    const refused = expectFieldErrors(await transfer(sender, { email: friend.email, amount: 10.01 }), ['amount']);
    expect(refused.errors!.amount![0]).toBe('More than you can send now: card top-ups can be sent on 24 hours after they land.');
    expect((await transfer(sender, { email: friend.email, amount: 10 })).status).toBe(201);
    expectFieldErrors(await transfer(sender, { email: friend.email, amount: 0.01 }), ['amount']);
    expect(await allowance(sender)).toMatchObject({ balance: 30, held: 30, transferable: 0, sent_today: 10 });
    await ageCardHolds(sender);
    expect((await transfer(sender, { email: friend.email, amount: 30 })).status).toBe(201);
    expect(await balanceOf(friend)).toBe(4000);
  }, 60_000);

  it('at most $500 a day: a larger transfer is refused at once, and 40 concurrent $20 transfers stop at the limit', async () => {
    const [sender, ...friends] = await Promise.all([userWithBalance(100_000), userWithBalance(), userWithBalance()]);
    expectFieldErrors(await transfer(sender, { email: friends[0]!.email, amount: 500.01 }), ['amount']);
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => transfer(sender, { email: friends[i % 2]!.email, amount: 20 })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(25);
    for (const reply of replies.filter((r) => r.status !== 201))
      expect(expectFieldErrors(reply, ['amount']).errors!.amount![0]).toBe('Over the daily transfer limit of $500 (it starts again at 00:00 UTC).');
    expect(await balanceOf(sender)).toBe(100_000 - 50_000);
    expect(await allowance(sender)).toMatchObject({ sent_today: 500, left_today: 0, transferable: 0 });
  }, 120_000);
});

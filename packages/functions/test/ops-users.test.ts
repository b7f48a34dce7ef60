import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { rentalReplySchema, transactionsReplySchema, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import {
  adjustmentReplySchema,
  auditReplySchema,
  opsApiKeysReplySchema,
  opsLedgerReplySchema,
  opsMessagesReplySchema,
  opsRentalsReplySchema,
  opsUserTopUpsReplySchema,
  opsUserReplySchema,
  opsWebhookDeliveriesReplySchema,
  rentalCloseReplySchema,
  rentalRefundReplySchema,
} from '@numbernest/contracts/ops';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, send, type ApiReply } from './api';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { ownPrivate, ownShared, ownTemporary } from './own-numbers';

/**
 * The operator console's customer view and the money actions on one customer: find by e-mail,
 * the tabs (each only that customer's), balance adjustments, rental refunds (whole or in parts,
 * never more than paid) and closes on the customer's behalf; each write with its audit entry.
 */

let operator: TestUser;
beforeAll(async () => {
  operator = await createOperator();
});

function opsPost(path: string, body: unknown, key: string | null = randomUUID()): Promise<ApiReply> {
  const headers: Record<string, string> = { authorization: `Bearer ${operator.idToken}`, 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return send('POST', path, { headers, body: JSON.stringify(body) });
}

const opsGet = (path: string) => as(operator.idToken).get(path);

function ok(reply: ApiReply, status = 200) {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  return reply.json;
}

async function buy(user: TestUser, body: PurchaseRequest): Promise<Rental> {
  const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  return rentalReplySchema.parse(ok(await send('POST', '/user/rentals', { headers, body: JSON.stringify(body) }), 201)).data;
}

async function ledgerOf(user: TestUser) {
  const { allEntries } = await import('@numbernest/core/money');
  return allEntries(user.sub);
}

/** The audit entries naming this target, newest first (the list's first pages). */
async function auditOf(targetId: string) {
  const reply = auditReplySchema.parse(ok(await opsGet('/ops/audit?limit=200')));
  return reply.data.filter((e) => e.target.id === targetId);
}

async function inboundSms(to: string, body: string) {
  const response = await fetch(`${apiUrl}/_local/sms/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from: 'Google', body }),
  });
  expect(response.status).toBe(200);
}

describe('GET /api/ops/users?email=', () => {
  it('finds a customer by e-mail in any case; an unknown e-mail is 404 USER_NOT_FOUND; bad input 400', async () => {
    const user = await userWithBalance(12_34);
    const mixed = user.email.replace(/^./, (c) => c.toUpperCase()).replace('@example', '@EXAMPLE');
    const found = opsUserReplySchema.parse(ok(await opsGet(`/ops/users?email=${encodeURIComponent(mixed)}`))).data;
    expect(found).toMatchObject({
      sub: user.sub,
      email: user.email,
      balance: 12.34,
      email_verified: true,
      deleted_at: null,
      account_hold: null,
      blocked: null,
    });

    expectError(await opsGet(`/ops/users?email=${encodeURIComponent(`nobody-${randomUUID()}@example.com`)}`), 404, 'USER_NOT_FOUND');
    expectFieldErrors(await opsGet('/ops/users?email=not-an-email'), ['email']);
    expectError(await opsGet('/ops/users/00000000-0000-0000-0000-000000000000'), 404, 'USER_NOT_FOUND');
  });

  it('is for operators only', async () => {
    const user = await userWithBalance();
    expectError(await as(user.idToken).get(`/ops/users?email=${encodeURIComponent(user.email)}`), 403, 'OPERATORS_ONLY');
  });
});

describe('the customer view', () => {
  it("shows that customer's ledger, top-ups, rentals, messages, API keys and webhook deliveries, and nobody else's", async () => {
    const [alice, bob] = await Promise.all([userWithBalance(50_00), userWithBalance(7_00)]);
    const [privateNumber] = await ownPrivate();
    const rental = await buy(alice, privateNumber!);
    await inboundSms(rental.number, `G-${String(Date.now()).slice(-6)} is your code`);
    ok(await as(alice.idToken).post('/user/top-ups', { amount: 5, provider: 'stripe' }), 201);
    ok(await as(alice.idToken).post('/user/api-keys', { name: 'reseller bot' }), 201);
    ok(await as(bob.idToken).post('/user/api-keys', { name: 'bob key' }), 201);

    const profile = opsUserReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}`))).data;
    expect(profile).toMatchObject({ sub: alice.sub, email: alice.email, balance: (await balanceOf(alice)) / 100, webhook_url: null });
    // Its standing, as the customer sees it: the number it holds, and its first SMS counted as delivered.
    expect(profile.standing).toMatchObject({ tier: 'standard', held: 1, hold_limit: 10, delivered: 1, unused: 0 });

    const ledger = opsLedgerReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/ledger`)));
    expect(ledger.data.map((t) => t.kind)).toEqual(['purchase', 'adjustment']);
    expect(ledger.data[0]).toMatchObject({ reference: rental.id, amount: -rental.price });

    const topUps = opsUserTopUpsReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/top-ups`)));
    expect(topUps.data).toHaveLength(1);
    expect(topUps.data[0]).toMatchObject({ provider: 'stripe', amount: 5, status: 'pending', reversed: 0, review_reason: null });
    expect(opsUserTopUpsReplySchema.parse(ok(await opsGet(`/ops/users/${bob.sub}/top-ups`))).data).toEqual([]);

    const rentals = opsRentalsReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/rentals`)));
    expect(rentals.data.map((r) => r.id)).toEqual([rental.id]);
    expect(rentals.data[0]).toMatchObject({ status: 'active', refunded: 0, refundable_amount: rental.price });
    expect(opsRentalsReplySchema.parse(ok(await opsGet(`/ops/users/${bob.sub}/rentals`))).data).toEqual([]);

    const messages = opsMessagesReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/messages?box=inbox`)));
    expect(messages.data).toHaveLength(1);
    expect(messages.data[0]).toMatchObject({ rental_id: rental.id, box: 'inbox', from: 'Google' });
    expect(opsMessagesReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/messages?box=sent`))).data).toEqual([]);

    const keys = opsApiKeysReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/api-keys`)));
    expect(keys.data.map((k) => k.name)).toEqual(['reseller bot']);
    expect(keys.data[0]).toMatchObject({ revoked_at: null, last_used_at: null });
    expect(JSON.stringify(keys)).not.toMatch(/nn_|hash/);

    expect(opsWebhookDeliveriesReplySchema.parse(ok(await opsGet(`/ops/users/${alice.sub}/webhook-deliveries`)))).toEqual({ data: [], next_cursor: null });
  });

  it('pages with a cursor, and a cursor of another customer reads nothing of theirs', async () => {
    const user = await userWithBalance(1_00);
    for (let i = 0; i < 4; i++)
      ok(await opsPost(`/ops/users/${user.sub}/adjustments`, { amount: 1, reason: `credit number ${i}`, customer_text: `Credit ${i}` }));
    const first = opsLedgerReplySchema.parse(ok(await opsGet(`/ops/users/${user.sub}/ledger?limit=3`)));
    expect(first.data).toHaveLength(3);
    expect(first.next_cursor).not.toBeNull();
    const second = opsLedgerReplySchema.parse(ok(await opsGet(`/ops/users/${user.sub}/ledger?limit=3&cursor=${first.next_cursor}`)));
    // The second one's note is the test seed's (an entry from before adjustments had a customer text).
    expect(second.data.map((t) => [t.note, t.description.params.text])).toEqual([
      ['credit number 0', 'Credit 0'],
      ['test', 'test'],
    ]);
    expect([...first.data, ...second.data].map((t) => t.balance_after)).toEqual([5, 4, 3, 2, 1]);

    const other = await userWithBalance(2_00);
    const foreign = opsLedgerReplySchema.parse(ok(await opsGet(`/ops/users/${other.sub}/ledger?limit=3&cursor=${first.next_cursor}`)));
    expect(foreign.data.map((t) => t.amount)).toEqual([2]);
  });
});

describe('POST /api/ops/users/{sub}/adjustments', () => {
  const adjust = (user: TestUser, body: Record<string, unknown>, key?: string | null) => opsPost(`/ops/users/${user.sub}/adjustments`, body, key);

  it('credits and debits with the customer text in the words and the note beside them, one audit entry each', async () => {
    const user = await userWithBalance(10_00);
    const credit = adjustmentReplySchema.parse(
      ok(await adjust(user, { amount: 2.5, reason: 'Goodwill for a late SMS', customer_text: 'Sorry for the late code' })),
    ).data;
    expect(credit.balance).toBe(12.5);
    expect(credit.entry).toMatchObject({
      kind: 'adjustment',
      amount: 2.5,
      balance_after: 12.5,
      description: { key: 'adjustment', params: { text: 'Sorry for the late code' } },
      operator: operator.email,
      note: 'Goodwill for a late SMS',
    });
    const debit = adjustmentReplySchema.parse(ok(await adjust(user, { amount: -12.5, reason: 'Duplicate credit', customer_text: 'Correction' }))).data;
    expect(debit).toMatchObject({ balance: 0, entry: { amount: -12.5, balance_after: 0 } });
    expect(await balanceOf(user)).toBe(0);

    const audit = await auditOf(user.sub);
    expect(audit.map((a) => [a.action, a.reason, a.operator.email])).toEqual([
      ['user.adjust-balance', 'Duplicate credit', operator.email],
      ['user.adjust-balance', 'Goodwill for a late SMS', operator.email],
    ]);
    expect(audit[1]).toMatchObject({
      before: { balance: '10.00' },
      after: { balance: '12.50', amount: '2.50', customer_text: 'Sorry for the late code' },
    });
    const consoleLedger = opsLedgerReplySchema.parse(ok(await opsGet(`/ops/users/${user.sub}/ledger?limit=2`)));
    expect(consoleLedger.data.map((e) => [e.note, e.operator, e.description.params.text])).toEqual([
      ['Duplicate credit', operator.email, 'Correction'],
      ['Goodwill for a late SMS', operator.email, 'Sorry for the late code'],
    ]);
  });

  it('the customer reads the customer text, never the note or the operator, in their list and their export', async () => {
    const user = await userWithBalance(1_00);
    const note = 'Internal: chargeback suspected, ticket 4411';
    ok(await adjust(user, { amount: 3, reason: note, customer_text: 'Compensation for a failed number' }));
    const customer = as(user.idToken);
    const list = transactionsReplySchema.parse((await customer.get('/user/transactions?kind=adjustment')).json).data.data;
    expect(list[0]).toMatchObject({ amount: 3, description: { key: 'adjustment', params: { text: 'Compensation for a failed number' } } });
    expect(list[0]!.description.params).toEqual({ text: 'Compensation for a failed number' });
    const reply = await send('GET', '/user/transactions/export?kind=adjustment', { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(reply.status).toBe(200);
    for (const seen of [JSON.stringify(list), reply.json as string]) {
      expect(seen).toContain('Compensation for a failed number');
      expect(seen).not.toContain('ticket 4411');
      expect(seen).not.toContain(operator.email);
    }
  });

  it('an entry from before the split (a reason only) reads as that reason, without the operator', async () => {
    const user = await userWithBalance();
    const { applyLedgerTransaction } = await import('@numbernest/core/money');
    await applyLedgerTransaction({
      idempotencyKey: randomUUID(),
      changes: [
        {
          sub: user.sub,
          amountCents: 1_00,
          kind: 'adjustment',
          reference: 'old',
          description: { key: 'adjustment', params: { reason: 'Goodwill', operator: operator.email } },
        },
      ],
    });
    const list = transactionsReplySchema.parse((await as(user.idToken).get('/user/transactions')).json).data.data;
    expect(list[0]!.description).toEqual({ key: 'adjustment', params: { text: 'Goodwill' } });
    const consoleLedger = opsLedgerReplySchema.parse(ok(await opsGet(`/ops/users/${user.sub}/ledger?limit=1`)));
    expect(consoleLedger.data[0]).toMatchObject({ operator: operator.email, note: 'Goodwill' });
  });

  it('refuses a debit below zero with nothing written', async () => {
    const user = await userWithBalance(3_00);
    const before = await ledgerOf(user);
    const reply = expectError(await adjust(user, { amount: -3.01, reason: 'Too much', customer_text: 'Correction' }), 402, 'INSUFFICIENT_FUNDS');
    expect(reply.params).toEqual({ balance: '3.00' });
    expect(await balanceOf(user)).toBe(3_00);
    expect(await ledgerOf(user)).toEqual(before);
    expect(await auditOf(user.sub)).toEqual([]);
  });

  it('replays the same key with the same entry; the key with another body is 409; no key is 400', async () => {
    const user = await userWithBalance(1_00);
    const key = randomUUID();
    const body = { amount: 4, reason: 'Promised credit', customer_text: 'Promised credit' };
    const first = adjustmentReplySchema.parse(ok(await adjust(user, body, key))).data;
    const again = adjustmentReplySchema.parse(ok(await adjust(user, body, key))).data;
    expect(again).toEqual(first);
    expect(await balanceOf(user)).toBe(5_00);
    expectError(await adjust(user, { ...body, amount: 5 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await adjust(user, { ...body, reason: 'Another reason' }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await adjust(user, { ...body, customer_text: 'Another text' }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectFieldErrors(await adjust(user, body, null), ['Idempotency-Key']);
    expect(await balanceOf(user)).toBe(5_00);
    expect(await auditOf(user.sub)).toHaveLength(1);
  });

  it('validates the body: zero, three decimals, no note, no customer text, a bad customer text; nothing written', async () => {
    const user = await userWithBalance();
    const text = { customer_text: 'Correction' };
    expectFieldErrors(await adjust(user, { amount: 0, reason: 'Zero', ...text }), ['amount']);
    expectFieldErrors(await adjust(user, { amount: 1.001, reason: 'Decimals', ...text }), ['amount']);
    expectFieldErrors(await adjust(user, { amount: 1, ...text }), ['reason']);
    const missing = expectFieldErrors(await adjust(user, { amount: 1, reason: 'No text for the customer' }), ['customer_text']);
    expect(missing.fields?.customer_text?.[0]).toMatchObject({ code: expect.any(String) });
    expectFieldErrors(await adjust(user, { amount: 1, reason: 'Blank', customer_text: '   ' }), ['customer_text']);
    expectFieldErrors(await adjust(user, { amount: 1, reason: 'Too long', customer_text: 'x'.repeat(141) }), ['customer_text']);
    const control = expectFieldErrors(await adjust(user, { amount: 1, reason: 'Two lines', customer_text: 'First\nSecond' }), ['customer_text']);
    expect(control.fields?.customer_text?.[0]).toMatchObject({ code: 'CONTROL_CHARACTERS' });
    expect(await balanceOf(user)).toBe(0);
    expect(await auditOf(user.sub)).toEqual([]);
  });
});

describe('rental refunds and closes on the customer’s behalf', () => {
  it('closes without a refund unless asked: the number rests for others but its renter may take it again', async () => {
    const [renter, other] = await Promise.all([userWithBalance(50_00), userWithBalance(50_00)]);
    const [request] = await ownShared();
    const rental = await buy(renter, request!);
    const balance = await balanceOf(renter);

    const closed = rentalCloseReplySchema.parse(
      ok(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/close`, { reason: 'Customer asked by e-mail' })),
    ).data;
    expect(closed).toMatchObject({
      refunded: false,
      balance: null,
      rental: { status: 'inactive', ended: 'closed', refunded: 0, refundable_amount: rental.price },
    });
    expect(await balanceOf(renter)).toBe(balance);
    expectError(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/close`, { reason: 'Again' }), 409, 'RENTAL_ENDED');

    // Released as a normal close: others wait (the number rests), the renter may rent it again.
    const headers = (u: TestUser) => ({ authorization: `Bearer ${u.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() });
    expectError(await send('POST', '/user/rentals', { headers: headers(other), body: JSON.stringify(request) }), 409, 'NUMBER_TAKEN');
    await buy(renter, request!);

    const [entry] = await auditOf(rental.id);
    expect(entry).toMatchObject({
      action: 'rental.close',
      reason: 'Customer asked by e-mail',
      before: { status: 'active' },
      after: { status: 'inactive', ended: 'closed' },
    });
  });

  it('closes with a refund: the whole price back, the number on sale for anyone at once', async () => {
    const [renter, other] = await Promise.all([userWithBalance(50_00), userWithBalance(50_00)]);
    const [request] = await ownTemporary();
    const rental = await buy(renter, request!);
    const before = await balanceOf(renter);

    // An activation's first two minutes do not bind an operator.
    const closed = rentalCloseReplySchema.parse(
      ok(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/close`, { reason: 'Number did not work', refund: true })),
    ).data;
    expect(closed).toMatchObject({ refunded: true, rental: { ended: 'refunded', refunded: rental.price, refundable_amount: 0 } });
    expect(await balanceOf(renter)).toBe(before + Math.round(rental.price * 100));
    const refund = (await ledgerOf(renter)).at(-1)!;
    expect(refund).toMatchObject({
      kind: 'refund',
      reference: rental.id,
      description: { params: { reason: 'Number did not work', operator: operator.email } },
    });
    await buy(other, request!);

    expectError(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { reason: 'More?' }), 409, 'RENTAL_REFUNDED');
    expect((await auditOf(rental.id)).map((a) => a.action)).toEqual(['rental.close']);
  });

  it('refunds an ended rental in parts that add up to at most its price, idempotently', async () => {
    const renter = await userWithBalance(50_00);
    const [request] = await ownPrivate();
    const rental = await buy(renter, request!);
    const priceCents = Math.round(rental.price * 100);
    expect(priceCents).toBeGreaterThan(2);

    // Not while it runs: it is closed first.
    expectError(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { amount: 0.01, reason: 'Too early' }), 409, 'RENTAL_ACTIVE');
    ok(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/close`, { reason: 'Customer left' }));
    const start = await balanceOf(renter);

    const key = randomUUID();
    const part = rentalRefundReplySchema.parse(
      ok(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { amount: 0.01, reason: 'Partial goodwill' }, key)),
    ).data;
    expect(part).toMatchObject({ entry: { kind: 'refund', amount: 0.01, reference: rental.id }, rental: { refunded: 0.01 } });
    const replay = rentalRefundReplySchema.parse(
      ok(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { amount: 0.01, reason: 'Partial goodwill' }, key)),
    ).data;
    expect(replay.entry).toEqual(part.entry);
    expectError(
      await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { amount: 0.02, reason: 'Partial goodwill' }, key),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectFieldErrors(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { reason: 'No key' }, null), ['Idempotency-Key']);

    // More than is left: refused, nothing written.
    const over = expectError(
      await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { amount: rental.price, reason: 'Too much' }),
      409,
      'REFUND_OVER_PAID',
    );
    expect(over.params).toMatchObject({ refundable: ((priceCents - 1) / 100).toFixed(2) });

    // Two at once for the rest: one wins, the other finds nothing left.
    const rest = await Promise.all([
      opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { reason: 'The rest, first' }),
      opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { reason: 'The rest, second' }),
    ]);
    expect(rest.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(renter)).toBe(start + priceCents);
    const refunds = (await ledgerOf(renter)).filter((e) => e.kind === 'refund');
    expect(refunds.reduce((sum, e) => sum + e.amountCents, 0)).toBe(priceCents);

    const rentals = opsRentalsReplySchema.parse(ok(await opsGet(`/ops/users/${renter.sub}/rentals`))).data;
    expect(rentals[0]).toMatchObject({ id: rental.id, refunded: rental.price, refundable_amount: 0 });
    expect((await auditOf(rental.id)).map((a) => a.action)).toEqual(['rental.refund', 'rental.refund', 'rental.close']);
    expectError(await opsPost(`/ops/users/${renter.sub}/rentals/${rental.id}/refund`, { amount: 0.01, reason: 'Even more' }), 409, 'RENTAL_REFUNDED');
  });

  it("another customer's rental is not found", async () => {
    const [renter, other] = await Promise.all([userWithBalance(50_00), userWithBalance()]);
    const [request] = await ownShared();
    const rental = await buy(renter, request!);
    expectError(await opsPost(`/ops/users/${other.sub}/rentals/${rental.id}/close`, { reason: 'Wrong customer' }), 404, 'RENTAL_NOT_FOUND');
    expectError(await opsPost(`/ops/users/${other.sub}/rentals/${rental.id}/refund`, { reason: 'Wrong customer' }), 404, 'RENTAL_NOT_FOUND');
  });
});

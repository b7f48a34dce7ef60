import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { notificationsReplySchema, transactionsExportReplySchema, transactionsReplySchema, transferReplySchema, type Transaction } from '@numbernest/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectGatewayError, expectFieldErrors, send, type ApiReply } from './api';
import { as, balanceOf, createUnverifiedUser, storedUser, userWithBalance, type TestUser } from './auth-users';

function transfer(user: TestUser, body: unknown, key: string | null = randomUUID()): Promise<ApiReply> {
  const headers: Record<string, string> = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return send('POST', '/user/transfers', { headers, body: JSON.stringify(body) });
}

async function history(user: TestUser, query = ''): Promise<Transaction[]> {
  const reply = await as(user.idToken).get(`/user/transactions${query}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return transactionsReplySchema.parse(reply.json).data.data;
}

describe('the ledger (core)', () => {
  it('one key moves money once, even 10 times at once', async () => {
    const { applyLedgerTransaction, allEntries } = await import('@numbernest/core/money');
    const user = await userWithBalance();
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        applyLedgerTransaction({
          idempotencyKey: key,
          changes: [{ sub: user.sub, amountCents: 700, kind: 'adjustment', reference: 'r1', description: { key: 'adjustment' } }],
        }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const result of results) expect(result.entries).toEqual(results[0]!.entries);
    expect(await balanceOf(user)).toBe(700);
    expect(await allEntries(user.sub)).toHaveLength(1);
  });

  it('refuses a debit over the balance, naming the shortfall, and writes nothing', async () => {
    const { applyLedgerTransaction, allEntries } = await import('@numbernest/core/money');
    const { InsufficientFundsError } = await import('@numbernest/core/errors');
    const user = await userWithBalance(500);
    const debit = applyLedgerTransaction({
      idempotencyKey: `test:${randomUUID()}`,
      changes: [{ sub: user.sub, amountCents: -501, kind: 'adjustment', reference: 'r', description: { key: 'adjustment' } }],
    });
    await expect(debit).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(debit).rejects.toMatchObject({ shortfallCents: 1 });
    expect(await balanceOf(user)).toBe(500);
    expect(await allEntries(user.sub)).toHaveLength(1);
  });

  it('keeps every entry: balance after is the running sum, numbered 1..n', async () => {
    const { applyLedgerTransaction, allEntries } = await import('@numbernest/core/money');
    const user = await userWithBalance();
    const amounts = [1000, -250, 75, -825, 1];
    for (const amountCents of amounts) {
      await applyLedgerTransaction({
        idempotencyKey: `test:${randomUUID()}`,
        changes: [{ sub: user.sub, amountCents, kind: 'adjustment', reference: 'r', description: { key: 'x' } }],
      });
    }
    const entries = await allEntries(user.sub);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries.map((e) => e.balanceAfterCents)).toEqual([1000, 750, 825, 0, 1]);
    expect(await balanceOf(user)).toBe(1);
  });

  it('the checker names a user whose balance was changed outside the ledger', async () => {
    const { checkLedger } = await import('@numbernest/core/money');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    const { userKeys } = await import('@numbernest/core/accounts');
    const user = await userWithBalance(300);
    const setRaw = (cents: number) =>
      db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: userKeys.profile(user.sub),
          UpdateExpression: 'SET balanceCents = :c',
          ExpressionAttributeValues: { ':c': cents },
        }),
      );
    await setRaw(999);
    try {
      const problem = (await checkLedger()).problems.find((p) => p.sub === user.sub);
      expect(problem).toMatchObject({ email: user.email, balanceCents: 999, sumCents: 300 });
      expect(problem!.detail).toContain('balance $9.99 but entries sum to $3.00');
    } finally {
      await setRaw(300); // the suite's own ledger check runs at the end
    }
    expect((await checkLedger()).problems.find((p) => p.sub === user.sub)).toBeUndefined();
  });
});

describe('POST /api/user/transfers', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([userWithBalance(5000), userWithBalance()]);
  });

  it('moves the money in one transaction: 201, both balances, both histories, a notification for the recipient', async () => {
    const before = [await balanceOf(alice), await balanceOf(bob)];
    const reply = await transfer(alice, { email: bob.email.toUpperCase(), amount: 10.25, note: 'lunch' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const data = transferReplySchema.parse(reply.json).data;
    expect(data).toEqual({ id: expect.any(String), amount: 10.25, to: bob.email, balance: (before[0]! - 1025) / 100 });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([before[0]! - 1025, before[1]! + 1025]);

    const [sent] = await history(alice);
    expect(sent).toMatchObject({
      kind: 'transfer-out',
      amount: -10.25,
      reference: data.id,
      description: { key: 'transferOut', params: { email: bob.email, note: 'lunch' } },
    });
    const [received] = await history(bob);
    expect(received).toMatchObject({ kind: 'transfer-in', amount: 10.25, balance_after: (before[1]! + 1025) / 100, reference: data.id });
    expect(received!.description.params).toMatchObject({ email: alice.email });

    const notes = notificationsReplySchema.parse((await as(bob.idToken).get('/user/notifications')).json).data.data;
    expect(notes[0]!.data).toMatchObject({ kind: 'transfer', title: 'Money received', key: 'transferIn' });
    expect(notes[0]!.data.message).toContain('$10.25');
  });

  it('the same Idempotency-Key twice moves the money once and answers the same transfer', async () => {
    const key = randomUUID();
    const before = await balanceOf(alice);
    const replies = await Promise.all([1, 2, 3].map(() => transfer(alice, { email: bob.email, amount: 1 }, key)));
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const ids = new Set(replies.map((r) => transferReplySchema.parse(r.json).data.id));
    expect(ids.size).toBe(1);
    expect(await balanceOf(alice)).toBe(before - 100);
    // The key names that transfer: another request under it is a client bug, refused.
    expectError(await transfer(alice, { email: bob.email, amount: 2 }, key), 409);
    expect(await balanceOf(alice)).toBe(before - 100);
  });

  it('refuses bad transfers with field errors, moving nothing', async () => {
    const before = [await balanceOf(alice), await balanceOf(bob)];
    const deleted = await userWithBalance();
    expect((await as(deleted.idToken).delete('/user')).status).toBe(200);
    const cases: Array<[unknown, string]> = [
      [{ email: `nobody-${randomUUID()}@example.com`, amount: 1 }, 'email'],
      [{ email: deleted.email, amount: 1 }, 'email'],
      [{ email: alice.email, amount: 1 }, 'email'],
      [{ email: bob.email, amount: 0 }, 'amount'],
      [{ email: bob.email, amount: -5 }, 'amount'],
      [{ email: bob.email, amount: 1.005 }, 'amount'],
      [{ email: bob.email, amount: '1' }, 'amount'],
      [{ email: bob.email, amount: 10_000 }, 'amount'], // over the balance
      [{ email: 'not-an-email', amount: 1 }, 'email'],
      [{ email: bob.email, amount: 1, note: 'x'.repeat(201) }, 'note'],
    ];
    for (const [body, field] of cases) expectFieldErrors(await transfer(alice, body), [field]);
    expectFieldErrors(await transfer(alice, { email: bob.email, amount: 1 }, null), ['Idempotency-Key']);
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual(before);
  });

  it('needs a verified sender (403) and a signed-in one (401)', async () => {
    const unverified = await createUnverifiedUser();
    expectError(await transfer(unverified, { email: bob.email, amount: 1 }), 403);
    // The sender is read while the recipient is looked up; its refusal still comes before any other.
    expectError(await transfer(unverified, { email: bob.email, amount: 500.01 }), 403); // over the daily limit
    expectError(await transfer(unverified, { email: `nobody-${randomUUID()}@example.com`, amount: 1 }), 403);
    expectGatewayError(
      await send('POST', '/user/transfers', { headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: '{}' }),
      401,
    );
  });

  it('200 concurrent transfers out of one $10 balance: exactly 10 go through, never negative, no money made or lost', async () => {
    const [payer, ...payees] = await Promise.all([userWithBalance(1000), userWithBalance(), userWithBalance()]);
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => transfer(payer!, { email: payees[i % 2]!.email, amount: 1 })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    for (const reply of replies.filter((r) => r.status !== 201)) expectFieldErrors(reply, ['amount']);
    const balances = await Promise.all([payer!, ...payees].map(balanceOf));
    expect(balances[0]).toBe(0);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(1000);
    // The sender's chain: 1 top-up then 10 transfers, each balance after one dollar lower.
    const sent = await history(payer!);
    expect(sent.map((t) => t.balance_after)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 120_000);
});

describe('GET /api/user/transactions and /export', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await userWithBalance();
    const recipient = await userWithBalance();
    const { applyLedgerTransaction } = await import('@numbernest/core/money');
    const { transferBalance } = await import('@numbernest/core/money');
    // Credits by hand, and every third a real transfer out (so the suite's reconciliation holds).
    for (let i = 1; i <= 23; i++) {
      if (i % 3 === 0) await transferBalance({ sender: (await storedUser(user.sub))!, email: recipient.email, amountCents: 50, idempotencyKey: randomUUID() });
      else {
        await applyLedgerTransaction({
          idempotencyKey: `test:${randomUUID()}`,
          changes: [
            { sub: user.sub, amountCents: 100, kind: 'adjustment', reference: `ref-${i}`, description: { key: 'adjustment', params: { reason: 'stripe' } } },
          ],
        });
      }
    }
  });

  it('pages newest first, 20 a page, signed amounts in dollars', async () => {
    const first = transactionsReplySchema.parse((await as(user.idToken).get('/user/transactions')).json).data;
    expect(first).toMatchObject({ current_page: 0, per_page: 20, next_page: 1 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({ reference: 'ref-23', kind: 'adjustment', amount: 1 });
    expect(first.data[2]).toMatchObject({ kind: 'transfer-out', amount: -0.5 });
    const second = transactionsReplySchema.parse((await as(user.idToken).get('/user/transactions?page=1')).json).data;
    expect(second).toMatchObject({ current_page: 1, next_page: null });
    expect(second.data.map((t) => t.kind)).toEqual(['transfer-out', 'adjustment', 'adjustment']);
    expect(second.data.slice(1).map((t) => t.reference)).toEqual(['ref-2', 'ref-1']);
  });

  it('filters by kind and by date', async () => {
    const sent = await history(user, '?kind=transfer-out');
    expect(sent).toHaveLength(7);
    expect(sent.every((t) => t.kind === 'transfer-out' && t.amount === -0.5)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await history(user, `?from=${today}&to=${today}`)).toHaveLength(20);
    expect(await history(user, '?to=2020-01-01')).toEqual([]);
    expect(await history(user, '?from=2999-01-01')).toEqual([]);
  });

  it('refuses bad filters with field errors', async () => {
    const api = as(user.idToken);
    expectFieldErrors(await api.get('/user/transactions?kind=gift'), ['kind']);
    expectFieldErrors(await api.get('/user/transactions?page=-1'), ['page']);
    expectFieldErrors(await api.get('/user/transactions?page=50'), ['page']);
    expectFieldErrors(await api.get('/user/transactions?from=yesterday'), ['from']);
    expectFieldErrors(await api.get('/user/transactions?user=someone'), ['user']);
  });

  it('exports the whole filtered list as CSV', async () => {
    const reply = await send('GET', '/user/transactions/export?kind=adjustment', { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.headers.get('content-disposition')).toContain('transactions.csv');
    const lines = (reply.json as string).trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,amount,balance_after,reference,description,id');
    expect(lines).toHaveLength(1 + 16);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,adjustment,1\.00,\d+\.\d\d,ref-23,adjustment text=stripe,[0-9a-z]+$/);
  });

  it('exports the same list as JSON for the web to word in its language; a bad format is 400', async () => {
    const api = as(user.idToken);
    const reply = transactionsExportReplySchema.parse((await api.get('/user/transactions/export?kind=adjustment&format=json')).json);
    expect(reply.data).toHaveLength(16);
    expect(reply.data[0]).toMatchObject({ kind: 'adjustment', amount: 1, reference: 'ref-23', description: { key: 'adjustment', params: { text: 'stripe' } } });
    expectFieldErrors(await api.get('/user/transactions/export?format=xlsx'), ['format']);
  });

  it('shows a user only their own entries', async () => {
    const other = await userWithBalance();
    expect(await history(other)).toEqual([]);
  });
});

describe('POST /api/user/top-ups: bad input', () => {
  it('refuses bad amounts and providers with field errors, and needs a verified e-mail', async () => {
    const user = await userWithBalance();
    const api = as(user.idToken);
    expectFieldErrors(await api.post('/user/top-ups', { amount: 0.99, provider: 'stripe' }), ['amount']);
    expectFieldErrors(await api.post('/user/top-ups', { amount: 10_000.01, provider: 'stripe' }), ['amount']);
    expectFieldErrors(await api.post('/user/top-ups', { amount: 5.001, provider: 'stripe' }), ['amount']);
    expectFieldErrors(await api.post('/user/top-ups', { amount: 5, provider: 'paypal' }), ['provider']);
    expectFieldErrors(await api.post('/user/top-ups', {}), ['amount', 'provider']);
    const unverified = await createUnverifiedUser();
    expectError(await as(unverified.idToken).post('/user/top-ups', { amount: 5, provider: 'stripe' }), 403);
    expectFieldErrors(await api.get('/user/top-ups/not-an-id!'), ['id']);
    expectError(await api.get('/user/top-ups/0000000000000000000000000'), 404);
  });
});

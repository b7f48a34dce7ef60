import './api'; // first: points this process at the local cloud
import { createTopUpReplySchema, notificationsReplySchema, topUpReplySchema } from '@numbernest/contracts';
import { auditReplySchema, opsTopUpReplySchema, opsTopUpsReplySchema, overviewReplySchema, type OpsTopUp } from '@numbernest/contracts/ops';
import { cryptoNotification } from '@numbernest/local/payments/crypto';
import { deliver } from '@numbernest/local/payments/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, expectError, expectFieldErrors } from './api';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';

/**
 * Top-ups in review, end to end: a NOWPayments notification that pays less than was asked (a crypto
 * under-payment, correctly signed) sets the top-up aside; an operator approves it (the amount paid is
 * credited once, even when two press at the same moment) or rejects it (nothing moves).
 */
let operator: TestUser;
let customer: TestUser;

beforeAll(async () => {
  [operator, customer] = await Promise.all([createOperator(), userWithBalance()]);
});

/** A $10 top-up whose provider paid `paidCents`: in review. */
async function topUpInReview(paidCents = 950): Promise<string> {
  const created = await as(customer.idToken).post('/user/top-ups', { amount: 10, provider: 'crypto' });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { id } = createTopUpReplySchema.parse(created.json).data;
  const reply = await deliver(apiUrl, cryptoNotification({ topUpId: id, amountCents: paidCents }));
  expect(reply.status, reply.body).toBe(200);
  const topUp = topUpReplySchema.parse((await as(customer.idToken).get(`/user/top-ups/${id}`)).json).data;
  expect(topUp.status).toBe('review');
  return id;
}

/** Every page of the review queue. */
async function reviewQueue(): Promise<OpsTopUp[]> {
  const all: OpsTopUp[] = [];
  let cursor: string | null = null;
  do {
    const reply = await as(operator.idToken).get(`/ops/top-ups?status=review&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const page = opsTopUpsReplySchema.parse(reply.json);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

async function auditOf(id: string) {
  const reply = await as(operator.idToken).get('/ops/audit?limit=200');
  return auditReplySchema.parse(reply.json).data.filter((entry) => entry.target.id === id);
}

async function topUpEntries(id: string) {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(customer.sub)).filter((e) => e.kind === 'top-up' && e.reference === id);
}

async function findingsAbout(...names: string[]) {
  const { reconcile } = await import('@numbernest/core/operations');
  return (await reconcile()).checks.flatMap((c) => c.problems).filter((p) => names.some((name) => p.includes(name)));
}

describe('GET /api/ops/top-ups?status=review', () => {
  it('lists a top-up the provider under-paid, newest first, with what was asked, what was paid, why and the notification', async () => {
    const older = await topUpInReview(900);
    const id = await topUpInReview(950);
    const queue = await reviewQueue();
    const ids = queue.map((t) => t.id);
    expect(ids.indexOf(id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(older));
    const item = queue.find((t) => t.id === id)!;
    expect(item).toMatchObject({
      user: { sub: customer.sub, email: customer.email },
      provider: 'crypto',
      status: 'review',
      asked: 10,
      paid: 9.5,
      approvable: true,
      decision: null,
    });
    expect(item.review_reason).toContain('amount 9.50 instead of 10.00');
    expect(item.notification).toMatchObject({ order_id: id });
    const { countTopUpsInReview } = await import('@numbernest/core/money');
    expect(await countTopUpsInReview()).toBeGreaterThanOrEqual(2);
  });

  it('pages with a cursor and refuses a status it does not keep', async () => {
    await topUpInReview();
    await topUpInReview();
    const first = opsTopUpsReplySchema.parse((await as(operator.idToken).get('/ops/top-ups?limit=1')).json);
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = opsTopUpsReplySchema.parse((await as(operator.idToken).get(`/ops/top-ups?limit=1&cursor=${first.next_cursor}`)).json);
    expect(second.data[0]!.id < first.data[0]!.id).toBe(true);
    expectFieldErrors(await as(operator.idToken).get('/ops/top-ups?status=paid'), ['status']);
  });
});

describe('POST /api/ops/top-ups/{id}/approve', () => {
  it('credits exactly what was paid, once, when two operators approve at the same moment', async () => {
    const other = await createOperator();
    const id = await topUpInReview(950);
    const before = await balanceOf(customer);
    const cryptoToday = async () =>
      overviewReplySchema.parse((await as(operator.idToken).get('/ops/overview?days=1')).json).data.today.top_ups.crypto?.count ?? 0;
    const countedBefore = await cryptoToday();

    const replies = await Promise.all([
      as(operator.idToken).post(`/ops/top-ups/${id}/approve`, { reason: 'Under-paid by the network fee; credit what came' }),
      as(other.idToken).post(`/ops/top-ups/${id}/approve`, {}),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = replies.find((r) => r.status === 409)!;
    expectError(loser, 409, 'TOP_UP_NOT_IN_REVIEW');
    const winner = opsTopUpReplySchema.parse(replies.find((r) => r.status === 200)!.json).data;
    expect(winner).toMatchObject({ id, status: 'paid', asked: 10, paid: 9.5, decision: { outcome: 'approved' } });

    expect(await balanceOf(customer)).toBe(before + 950);
    const entries = await topUpEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountCents: 950, operator: { email: winner.decision!.operator.email } });
    // The customer sees the top-up paid and is told as for any credit.
    const seen = topUpReplySchema.parse((await as(customer.idToken).get(`/user/top-ups/${id}`)).json).data;
    expect(seen).toMatchObject({ status: 'paid', amount: 9.5 });
    const notes = notificationsReplySchema.parse((await as(customer.idToken).get('/user/notifications')).json).data.data;
    expect(notes.filter((n) => n.data.kind === 'top-up' && n.data.message.includes('$9.50'))).toHaveLength(1);

    expect((await reviewQueue()).map((t) => t.id)).not.toContain(id);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'top-up.approve', before: { status: 'review', asked: 10, paid: 9.5 }, after: { status: 'paid', credited: 9.5 } });
    expect(await findingsAbout(id, customer.sub)).toEqual([]);
    // The overview counts it as a top-up of its provider, as a notification's credit (others may add meanwhile).
    expect(await cryptoToday()).toBeGreaterThanOrEqual(countedBefore + 1);

    // A late notification that matches changes nothing now.
    await deliver(apiUrl, cryptoNotification({ topUpId: id, amountCents: 1000 }));
    expect(await balanceOf(customer)).toBe(before + 950);
    expectError(await as(operator.idToken).post(`/ops/top-ups/${id}/approve`, {}), 409, 'TOP_UP_NOT_IN_REVIEW');
  });

  it('cannot approve a payment in another currency (reject only), nor an unknown top-up', async () => {
    const created = await as(customer.idToken).post('/user/top-ups', { amount: 10, provider: 'crypto' });
    const { id } = createTopUpReplySchema.parse(created.json).data;
    await deliver(apiUrl, cryptoNotification({ topUpId: id, amountCents: 1000, currency: 'EUR' }));
    expect((await reviewQueue()).find((t) => t.id === id)).toMatchObject({ approvable: false, paid_currency: 'EUR' });
    const before = await balanceOf(customer);
    expectError(await as(operator.idToken).post(`/ops/top-ups/${id}/approve`, {}), 409, 'TOP_UP_NOT_APPROVABLE');
    expect(await balanceOf(customer)).toBe(before);
    expectError(await as(operator.idToken).post('/ops/top-ups/0000000000aaaaaaaaaa/approve', {}), 404, 'TOP_UP_NOT_FOUND');
  });
});

describe('POST /api/ops/top-ups/{id}/reject', () => {
  it('records the reason and moves no money; approving afterwards is refused', async () => {
    const id = await topUpInReview(500);
    const before = await balanceOf(customer);
    expectFieldErrors(await as(operator.idToken).post(`/ops/top-ups/${id}/reject`, {}), ['reason']);

    const reply = await as(operator.idToken).post(`/ops/top-ups/${id}/reject`, { reason: 'Paid half; the customer asked for a refund instead' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(opsTopUpReplySchema.parse(reply.json).data).toMatchObject({
      status: 'rejected',
      decision: { outcome: 'rejected', reason: 'Paid half; the customer asked for a refund instead', operator: { email: operator.email } },
    });
    expect(await balanceOf(customer)).toBe(before);
    expect(await topUpEntries(id)).toEqual([]);
    expect((await reviewQueue()).map((t) => t.id)).not.toContain(id);
    expect(topUpReplySchema.parse((await as(customer.idToken).get(`/user/top-ups/${id}`)).json).data.status).toBe('rejected');
    const notes = notificationsReplySchema.parse((await as(customer.idToken).get('/user/notifications')).json).data.data;
    expect(notes.filter((n) => n.data.key === 'topUpRejected' && n.data.message.includes('$10.00'))).toHaveLength(1);

    expectError(await as(operator.idToken).post(`/ops/top-ups/${id}/approve`, {}), 409, 'TOP_UP_NOT_IN_REVIEW');
    expectError(await as(operator.idToken).post(`/ops/top-ups/${id}/reject`, { reason: 'again' }), 409, 'TOP_UP_NOT_IN_REVIEW');
    // A later notification neither credits it nor puts it back in review.
    await deliver(apiUrl, cryptoNotification({ topUpId: id, amountCents: 1000 }));
    await deliver(apiUrl, cryptoNotification({ topUpId: id, amountCents: 700 }));
    expect(await balanceOf(customer)).toBe(before);
    expect((await reviewQueue()).map((t) => t.id)).not.toContain(id);

    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'top-up.reject',
      before: { status: 'review' },
      after: { status: 'rejected', credited: 0 },
      reason: 'Paid half; the customer asked for a refund instead',
    });
    expect(await findingsAbout(id)).toEqual([]);
  });
});

import { apiUrl, expectError, expectFieldErrors, send, type ApiReply } from './api'; // first: points this process at the local cloud
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  notificationsReplySchema,
  userReplySchema,
  opsPayoutReplySchema,
  opsPayoutsReplySchema,
  payoutsReplySchema,
  requestedPayoutReplySchema,
  type OpsPayout,
} from '@numbernest/contracts';
import { auditReplySchema } from '@numbernest/contracts/ops';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { createOperator, createPartner } from './operators';

/**
 * Partners' payouts: a partner asks for what it earned (debited at once, one open request at a
 * time, at least $10 and at most the balance), an operator marks it paid with the transfer's
 * reference (nothing more debited) or refuses it with a reason (credited back once), each audited;
 * `npm run ops -- payouts --json` lists the open ones for tools.
 */

let operator: TestUser;
beforeAll(async () => {
  operator = await createOperator();
}, 60_000);

const ops = () => as(operator.idToken);

function requestPayout(user: TestUser, body: unknown, key: string | null = randomUUID()): Promise<ApiReply> {
  const headers: Record<string, string> = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return send('POST', '/user/partner/payouts', { headers, body: JSON.stringify(body) });
}

async function requested(user: TestUser, amount: number, destination = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE') {
  const reply = await requestPayout(user, { amount, destination });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return requestedPayoutReplySchema.parse(reply.json);
}

async function payoutsOf(user: TestUser) {
  const reply = await as(user.idToken).get('/user/partner/payouts');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return payoutsReplySchema.parse(reply.json).data;
}

async function opsPayouts(status?: string): Promise<OpsPayout[]> {
  const reply = await ops().get(`/ops/payouts${status ? `?status=${status}` : ''}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return opsPayoutsReplySchema.parse(reply.json).data;
}

const entriesOf = async (user: TestUser, kind: string, reference: string) =>
  (await (await import('@numbernest/core/money')).allEntries(user.sub)).filter((e) => e.kind === kind && e.reference === reference);

const notesOf = async (user: TestUser, key: string) =>
  notificationsReplySchema.parse((await as(user.idToken).get('/user/notifications')).json).data.data.filter((n) => n.data.key === key);

async function auditOf(action: string, targetId: string) {
  const reply = await ops().get('/ops/audit?limit=200');
  expect(reply.status).toBe(200);
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.target.id === targetId);
}

describe('a partner asks for a payout', () => {
  it('is debited at once, shows in its list and the balance; a second open request is refused', async () => {
    const partner = await createPartner(5000);
    const { data: payout, balance } = await requested(partner, 30, '  GB33BUKB20201555555555  ');
    expect(payout).toMatchObject({ amount: 30, destination: 'GB33BUKB20201555555555', status: 'requested', decided_at: null, reference: null, reason: null });
    expect(balance).toBe(20);
    expect(await balanceOf(partner)).toBe(2000);
    const debits = await entriesOf(partner, 'payout', payout.id);
    expect(debits.map((e) => e.amountCents)).toEqual([-3000]);
    expect(debits[0]!.description).toEqual({ key: 'payout', params: { destination: 'GB33BUKB20201555555555' } });
    expect(await payoutsOf(partner)).toEqual([payout]);

    expect(userReplySchema.parse((await as(partner.idToken).get('/user')).json).data.balance).toBe(20);

    expectError(await requestPayout(partner, { amount: 10, destination: 'elsewhere' }), 409, 'PAYOUT_ALREADY_OPEN');
    expect(await balanceOf(partner)).toBe(2000);
    expect((await payoutsOf(partner)).length).toBe(1);
  }, 60_000);

  it('refuses less than $10, more than the balance, no destination or no Idempotency-Key with field errors; only partners may ask', async () => {
    const partner = await createPartner(2500);
    const below = expectFieldErrors(await requestPayout(partner, { amount: 9.99, destination: 'x' }), ['amount']);
    expect(below.fields!.amount![0]).toMatchObject({ code: 'TOO_SMALL', params: { count: 10 } });
    const over = expectFieldErrors(await requestPayout(partner, { amount: 25.01, destination: 'x' }), ['amount']);
    expect(over.fields!.amount![0]!.code).toBe('OVER_BALANCE');
    expectFieldErrors(await requestPayout(partner, { amount: 10, destination: '   ' }), ['destination']);
    expectFieldErrors(await requestPayout(partner, { amount: 10, destination: 'a'.repeat(201) }), ['destination']);
    expectFieldErrors(await requestPayout(partner, { amount: 10, destination: 'line\nbreak' }), ['destination']);
    expectFieldErrors(await requestPayout(partner, { amount: 10, destination: 'x' }, null), ['Idempotency-Key']);
    expect(await balanceOf(partner)).toBe(2500);
    expect(await payoutsOf(partner)).toEqual([]);

    // The whole balance may be asked for.
    expect((await requested(partner, 25)).balance).toBe(0);

    const customer = await userWithBalance(5000);
    expectError(await requestPayout(customer, { amount: 10, destination: 'x' }), 403, 'PARTNERS_ONLY');
    expectError(await as(customer.idToken).get('/user/partner/payouts'), 403, 'PARTNERS_ONLY');
    expect(await balanceOf(customer)).toBe(5000);
  }, 60_000);

  it('the same Idempotency-Key again debits once and answers the same payout; another request under it is a 409', async () => {
    const partner = await createPartner(4000);
    const key = randomUUID();
    const body = { amount: 15, destination: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
    const [first, second] = await Promise.all([requestPayout(partner, body, key), requestPayout(partner, body, key)]);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    const a = requestedPayoutReplySchema.parse(first.json);
    const b = requestedPayoutReplySchema.parse(second.json);
    expect(b).toEqual(a);
    expect(await balanceOf(partner)).toBe(2500);
    expect(await entriesOf(partner, 'payout', a.data.id)).toHaveLength(1);
    expectError(await requestPayout(partner, { ...body, amount: 16 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
  }, 60_000);
});

describe('operators decide a payout', () => {
  it('approve: paid with the reference, nothing more debited, audited; a second decision is a 409', async () => {
    const partner = await createPartner(6000);
    const { data: payout } = await requested(partner, 40);
    const open = (await opsPayouts()).find((p) => p.id === payout.id);
    expect(open).toMatchObject({ amount: 40, status: 'requested', partner: { sub: partner.sub, email: partner.email }, decided_by: null });
    expect((await opsPayouts('requested')).some((p) => p.id === payout.id)).toBe(true);

    const approved = await ops().post(`/ops/payouts/${payout.id}/approve`, { reference: 'tx 0xabc123' });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const paid = opsPayoutReplySchema.parse(approved.json).data;
    expect(paid).toMatchObject({ id: payout.id, status: 'paid', reference: 'tx 0xabc123', reason: null, decided_by: { sub: operator.sub } });
    expect(paid.decided_at).toBeTruthy();
    expect(await balanceOf(partner)).toBe(2000);
    expect(await entriesOf(partner, 'payout', payout.id)).toHaveLength(1);
    expect(await entriesOf(partner, 'payout-refund', payout.id)).toHaveLength(0);
    expect((await payoutsOf(partner))[0]).toMatchObject({ id: payout.id, status: 'paid', reference: 'tx 0xabc123' });
    expect((await opsPayouts()).some((p) => p.id === payout.id)).toBe(false);
    expect((await opsPayouts('paid')).find((p) => p.id === payout.id)?.status).toBe('paid');
    const audit = await auditOf('payout.approve', payout.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ status: 'paid', reference: 'tx 0xabc123' });

    const told = await notesOf(partner, 'payoutPaid');
    expect(told).toHaveLength(1);
    expect(told[0]!.data.message).toBe(`Your $40.00 payout to ${payout.destination} was sent (reference tx 0xabc123).`);

    expectError(await ops().post(`/ops/payouts/${payout.id}/approve`, { reference: 'again' }), 409, 'PAYOUT_DECIDED');
    const refused = expectError(await ops().post(`/ops/payouts/${payout.id}/refuse`, { reason: 'too late' }), 409, 'PAYOUT_DECIDED');
    expect(refused.params).toEqual({ status: 'paid' });
    expect(await balanceOf(partner)).toBe(2000);

    // Decided, the partner may ask again.
    expect((await requested(partner, 10)).balance).toBe(10);
  }, 60_000);

  it('refuse: credited back once with the reason, audited; a second refuse is a 409; unknown ids are 404', async () => {
    const partner = await createPartner(3000);
    const { data: payout } = await requested(partner, 12.5);
    expect(await balanceOf(partner)).toBe(1750);

    expectFieldErrors(await ops().post(`/ops/payouts/${payout.id}/refuse`, {}), ['reason']);
    expectFieldErrors(await ops().post(`/ops/payouts/${payout.id}/approve`, { reference: ' ' }), ['reference']);
    const [one, two] = await Promise.all([
      ops().post(`/ops/payouts/${payout.id}/refuse`, { reason: 'The IBAN is not the account holder’s' }),
      ops().post(`/ops/payouts/${payout.id}/refuse`, { reason: 'The IBAN is not the account holder’s' }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses, JSON.stringify([one.json, two.json])).toEqual([200, 409]);
    const refused = opsPayoutReplySchema.parse((one.status === 200 ? one : two).json).data;
    expect(refused).toMatchObject({ status: 'refused', reason: 'The IBAN is not the account holder’s', reference: null });
    expect(await balanceOf(partner)).toBe(3000);
    const refunds = await entriesOf(partner, 'payout-refund', payout.id);
    expect(refunds.map((e) => e.amountCents)).toEqual([1250]);
    expect(refunds[0]!.description).toEqual({ key: 'payoutRefund', params: { destination: payout.destination } });

    const told = await notesOf(partner, 'payoutRefused');
    expect(told.map((n) => n.data.params)).toEqual([{ amount: '12.50', destination: payout.destination, reason: 'The IBAN is not the account holder’s' }]);

    expectError(await ops().post(`/ops/payouts/${payout.id}/refuse`, { reason: 'once more' }), 409, 'PAYOUT_DECIDED');
    expect(await balanceOf(partner)).toBe(3000);
    expect((await payoutsOf(partner))[0]).toMatchObject({ status: 'refused', reason: 'The IBAN is not the account holder’s' });
    expect((await opsPayouts('refused')).some((p) => p.id === payout.id)).toBe(true);
    expect(await auditOf('payout.refuse', payout.id)).toHaveLength(1);

    expectError(await ops().post(`/ops/payouts/${'0'.repeat(9)}${'a'.repeat(16)}/approve`, { reference: 'x' }), 404, 'PAYOUT_NOT_FOUND');
    expectFieldErrors(await ops().get('/ops/payouts?status=lost'), ['status']);
    expectError(await as(partner.idToken).get('/ops/payouts'), 403);
  }, 60_000);
});

describe('npm run ops -- payouts', () => {
  const root = join(import.meta.dirname, '../../..');
  /** The ops script as `npm run ops -- …` runs it, on this local cloud's table (its environment names the table). */
  const runOps = (...args: string[]) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/src/ops.ts', ...args], { cwd: root, env: process.env, timeout: 60_000 });

  it('payouts --json: one JSON array of {id, partner, amount, destination, requested_at}; approve-payout and refuse-payout decide them', async () => {
    expect(apiUrl).toBeTruthy();
    const partner = await createPartner(5000);
    const other = await createPartner(5000);
    const { data: payout } = await requested(partner, 20, 'TRC20 TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    const { data: second } = await requested(other, 11);

    const listed = await runOps('payouts', '--json');
    const rows = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(Array.isArray(rows)).toBe(true);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['amount', 'destination', 'id', 'partner', 'requested_at']);
    expect(rows.find((row) => row.id === payout.id)).toEqual({
      id: payout.id,
      partner: partner.email,
      amount: 20,
      destination: 'TRC20 TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      requested_at: payout.requested_at,
    });

    await expect(runOps('approve-payout', payout.id)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('reference: ') });
    const approved = await runOps('approve-payout', payout.id, '--reference', 'tx 77');
    expect(approved.stdout).toContain('paid (reference tx 77)');
    await expect(runOps('approve-payout', payout.id, '--reference', 'tx 78')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already decided'),
    });
    const refused = await runOps('refuse-payout', second.id, '--reason', 'Wrong network');
    expect(refused.stdout).toContain('refused, $11.00 credited back');
    expect(await balanceOf(other)).toBe(5000);
    expect((await payoutsOf(partner))[0]).toMatchObject({ status: 'paid', reference: 'tx 77' });

    const after = JSON.parse((await runOps('payouts', '--json')).stdout) as Array<{ id: string }>;
    expect(after.some((row) => row.id === payout.id || row.id === second.id)).toBe(false);
  }, 180_000);
});

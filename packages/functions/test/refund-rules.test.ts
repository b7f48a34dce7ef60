import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { mobileNumbersReplySchema, rentalReplySchema, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, post, send, type ApiReply } from './api';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { numberIdOf, ownPrivate, ownShared, ownTemporary, stockFor } from './own-numbers';
import { fillWindows } from './rate-windows';
import { backdateRental, setRentalTimes } from './rental-clock';
import { trust } from './standing';

/**
 * The refund rules and the account limits that keep refunds from being farmed, and the races
 * between a close, an extension and the end of a rental. Every rental is of a number this file
 * added (own-numbers.ts), so no other test file can hold it.
 */

function buy(user: TestUser, body: PurchaseRequest): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

const rentalOf = (reply: ApiReply) => {
  expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);
  return rentalReplySchema.parse(reply.json).data;
};

/** Buys the next of these (numbers of this file's own, so nobody else holds them); a list buys several. */
async function buyNext(user: TestUser, requests: PurchaseRequest[]): Promise<Rental> {
  const request = requests.shift();
  if (!request) throw new Error('No number left to rent');
  return rentalOf(await buy(user, request));
}

const numberIdOfRental = (rental: Rental) => numberIdOf(rental.number);

const close = (user: TestUser, id: string) => as(user.idToken).post(`/user/rentals/${id}/close`);
const extend = (user: TestUser, id: string) =>
  send('POST', `/user/rentals/${id}/extend`, {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ rent_time_id: 1 }),
  });
const current = async (user: TestUser, id: string) => rentalReplySchema.parse((await as(user.idToken).get(`/user/rentals/${id}`)).json).data;
const cents = (dollars: number) => Math.round(dollars * 100);

async function ledgerKinds(user: TestUser) {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(user.sub)).map((e) => e.kind);
}

async function stored(user: TestUser, id: string) {
  const { findRental } = await import('@numbernest/core/rentals');
  return (await findRental(user.sub, id))!;
}

/** Sets an account's counter of one limit to `n` for the current window, as if it had been used that often. */
async function useUpLimit(sub: string, scope: string, n: number) {
  const { purchaseLimits, refundedCloseLimits } = await import('@numbernest/core/rentals');
  const limit = [...purchaseLimits, ...refundedCloseLimits].find((l) => l.scope === scope)!;
  await fillWindows(limit, sub, n, 1);
  return limit;
}

describe('refund rules', () => {
  it('Shared closed 20 minutes after purchase, unused: no refund; the number rests 90 days for others', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_00), userWithBalance(100_00)]);
    const rental = await buyNext(alice, await ownShared());
    expect(Date.parse(rental.refundable_until!) - Date.parse(rental.started_at)).toBe(20 * 60_000);
    await backdateRental(alice.sub, rental.id, 21);
    const late = await current(alice, rental.id);
    expect(late.refundable_until).not.toBeNull(); // the time says it: the web compares it with the clock
    expect(Date.parse(late.refundable_until!)).toBeLessThan(Date.now());

    const before = await balanceOf(alice);
    const closed = rentalOf(await close(alice, rental.id));
    expect(closed).toMatchObject({ status: 'inactive', ended: 'closed' });
    expect(await balanceOf(alice)).toBe(before);
    expect(await ledgerKinds(alice)).toEqual(['adjustment', 'purchase']);
    const again: PurchaseRequest = {
      mobile_number_type_id: 1,
      mobile_number_id: numberIdOfRental(rental),
      service_provider_id: rental.service!.id,
      rent_time_id: 1,
    };
    expectError(await buy(bob, again), 409);
    rentalOf(await buy(alice, again)); // its last renter may take it again
  });

  it('Private: an SMS sent from it (Start Chat) uses it, so closing in the window refunds nothing', async () => {
    const user = await userWithBalance(100_00);
    const rental = await buyNext(user, await ownPrivate());
    const stale = await stored(user, rental.id); // read before the SMS goes out
    const sent = await send('POST', `/user/rentals/${rental.id}/messages`, {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ to: '+14155552671', body: 'Hello from a rented number' }),
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(await current(user, rental.id)).toMatchObject({ sent_count: 1, refundable_until: null });

    // A close decided on the state read before the send is decided anew: no refund.
    const { endRental } = await import('@numbernest/core/rentals');
    const before = await balanceOf(user);
    const ended = await endRental(stale, { ended: 'closed' });
    expect(ended).toMatchObject({ refunded: false, rental: { ended: 'closed' } });
    expect(await balanceOf(user)).toBe(before);
    expect(await ledgerKinds(user)).not.toContain('refund');
  });

  it('Private: an SMS that the upstream refused was not sent, so it does not use the rental', async () => {
    const user = await userWithBalance(100_00);
    const rental = await buyNext(user, await ownPrivate());
    const refused = await send('POST', `/user/rentals/${rental.id}/messages`, {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ to: '+15005550001', body: 'Hello' }), // Twilio's magic number it refuses
    });
    expect(refused.status, JSON.stringify(refused.json)).toBe(502);
    expect(await current(user, rental.id)).toMatchObject({ sent_count: 0, refundable_until: expect.any(String) });
    expect(rentalOf(await close(user, rental.id))).toMatchObject({ ended: 'refunded' });
  });

  it('Private closed unused in the window: refunded, and back in the picker at once', async () => {
    const user = await userWithBalance(100_00);
    const rental = await buyNext(user, await ownPrivate());
    const numberId = numberIdOfRental(rental);
    expect(rentalOf(await close(user, rental.id))).toMatchObject({ ended: 'refunded' });
    // Searched by its own digits: other files' numbers in the country can fill the first page.
    const q = rental.number.slice(1);
    const listed = mobileNumbersReplySchema.parse((await post('/get-numbers', { country_id: rental.country.id, mobile_number_type_id: 2, q })).json).data;
    expect(listed.map((n) => n.id)).toContain(numberId);
    const other = await userWithBalance(100_00);
    rentalOf(await buy(other, { mobile_number_type_id: 2, mobile_number_id: numberId, rent_time_id: 1 }));
  });

  it('Temporary: a cancel in the first two minutes is refused (409, nothing changes); after, refunded and free for anyone', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_00), userWithBalance(100_00)]);
    const activation = await buyNext(alice, await ownTemporary());
    expect(Date.parse(activation.closable_from) - Date.parse(activation.started_at)).toBe(2 * 60_000);
    expect(activation.refundable_until).toBe(activation.expires_at);
    const before = await balanceOf(alice);
    const early = expectError(await close(alice, activation.id), 409, 'EARLY_CANCEL_DENIED');
    expect(early.message).toMatch(/two minutes/);
    expect(early.params).toEqual({ closable_from: activation.closable_from });
    expect(await current(alice, activation.id)).toMatchObject({ status: 'active' });
    expect(await balanceOf(alice)).toBe(before);

    await backdateRental(alice.sub, activation.id, 3);
    expect(rentalOf(await close(alice, activation.id))).toMatchObject({ ended: 'refunded' });
    expect(await balanceOf(alice)).toBe(before + cents(activation.price));
    // No rest after an unused activation.
    rentalOf(await buy(bob, { mobile_number_type_id: 3, mobile_number_id: numberIdOfRental(activation), service_provider_id: activation.service!.id }));
  });
});

describe('account limits', () => {
  it('refunded closes: the 21st in an hour is refused with 429 and Retry-After; the rental stays active and unrefunded', async () => {
    const user = await userWithBalance(1000_00);
    await trust(user.sub); // a new account holds 10 numbers at once, and 10 unused refunds pause its purchases
    const requests = await ownShared(stockFor(21));
    const rentals: Rental[] = [];
    for (let i = 0; i < 21; i++) rentals.push(await buyNext(user, requests));
    for (const rental of rentals.slice(0, 20)) expect(rentalOf(await close(user, rental.id))).toMatchObject({ ended: 'refunded' });
    const before = await balanceOf(user);
    const refused = await close(user, rentals[20]!.id);
    expect(expectError(refused, 429, 'REFUND_LIMIT_HOUR')).toMatchObject({
      message: expect.stringMatching(/20 numbers for a refund this hour/),
      params: { limit: 20 },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await current(user, rentals[20]!.id)).toMatchObject({ status: 'active' });
    expect(await balanceOf(user)).toBe(before);
  }, 120_000);

  it('purchases: over the hourly limit a purchase is 429 and debits nothing; at the edge, concurrent buyers get exactly what is left', async () => {
    const user = await userWithBalance(1000_00);
    const limit = await useUpLimit(user.sub, 'purchases-hour', 120);
    const before = await balanceOf(user);
    const refused = await buy(user, (await ownShared())[0]!);
    expect(expectError(refused, 429, 'PURCHASE_LIMIT_HOUR')).toMatchObject({ message: expect.stringMatching(/120 numbers this hour/), params: { limit: 120 } });
    expect(await balanceOf(user)).toBe(before);

    await useUpLimit(user.sub, limit.scope, limit.limit - 2);
    const replies = await Promise.all((await ownTemporary(8)).map((request) => buy(user, request)));
    const count = (status: number) => replies.filter((r) => r.status === status).length;
    const statuses = JSON.stringify(replies.map((r) => r.status));
    expect([count(201), count(429)], statuses).toEqual([2, 6]);
    expect((await ledgerKinds(user)).filter((k) => k === 'purchase')).toHaveLength(count(201));
  });

  it('the developer API answers the protocol words: EARLY_CANCEL_DENIED, and BANNED until the window ends', async () => {
    const user = await userWithBalance(100_00);
    const created = await as(user.idToken).post('/user/api-keys', { name: 'limits' });
    const key = (created.json as { key: string }).key;
    const protocol = async (params: Record<string, string>) =>
      (await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, ...params })}`)).text();
    const { findActivation } = await import('@numbernest/core/rentals');

    const got = await protocol({ action: 'getNumber', service: 'tg', country: '86' });
    const [, id] = /^ACCESS_NUMBER:(\d+):\d+$/.exec(got) ?? [];
    expect(id, got).toBeDefined();
    expect(await protocol({ action: 'setStatus', id: id!, status: '8' })).toBe('EARLY_CANCEL_DENIED');
    await backdateRental(user.sub, (await findActivation(Number(id)))!.rentalId, 3);
    await useUpLimit(user.sub, 'refunds-hour', 20);
    expect(await protocol({ action: 'setStatus', id: id!, status: '8' })).toMatch(/^BANNED:'\d{4}-\d\d-\d\d \d\d-\d\d-\d\d'$/);
    expect(await protocol({ action: 'getStatus', id: id! })).toBe('STATUS_WAIT_CODE');

    await useUpLimit(user.sub, 'purchases-hour', 120);
    const banned = await protocol({ action: 'getNumber', service: 'tg', country: '86' });
    const until = /^BANNED:'(\d{4}-\d\d-\d\d) (\d\d)-(\d\d)-(\d\d)'$/.exec(banned);
    expect(until, banned).not.toBeNull();
    const endsAt = Date.parse(`${until![1]}T${until![2]}:${until![3]}:${until![4]}Z`);
    expect(endsAt).toBeGreaterThan(Date.now());
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 3600_000);
  });
});

describe('close, extend and expiry never race the customer out of money', () => {
  it('a close decided before an extension refunds the extension too (the end is conditioned on the price read)', async () => {
    const user = await userWithBalance(100_00);
    const start = await balanceOf(user);
    const rental = await buyNext(user, await ownShared());
    const stale = await stored(user, rental.id);
    rentalOf(await extend(user, rental.id));
    const { endRental } = await import('@numbernest/core/rentals');
    const ended = await endRental(stale, { ended: 'closed' });
    expect(ended).toMatchObject({ refunded: true });
    expect(await balanceOf(user)).toBe(start);
  });

  it('an expiry decided before an extension leaves the extended rental alone', async () => {
    const user = await userWithBalance(100_00);
    const rental = await buyNext(user, await ownShared());
    const ends = new Date(Date.now() + 1500).toISOString();
    await setRentalTimes(user.sub, rental.id, { startedAt: new Date(Date.now() - 7 * 86_400_000).toISOString(), expiresAt: ends, dueAt: ends });
    const stale = await stored(user, rental.id); // what the job listed
    const extended = rentalOf(await extend(user, rental.id));
    const { endRental } = await import('@numbernest/core/rentals');
    expect(await endRental(stale, { ended: 'expired' }, new Date(Date.parse(ends) + 1000))).toBeUndefined();
    expect(await current(user, rental.id)).toMatchObject({ status: 'active', expires_at: extended.expires_at });
  });

  it('a rental past its end cannot be extended, even before the job has ended it: 409, nothing debited', async () => {
    const user = await userWithBalance(100_00);
    const rental = await buyNext(user, await ownShared());
    const past = new Date(Date.now() - 60_000).toISOString();
    await setRentalTimes(user.sub, rental.id, {
      startedAt: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      expiresAt: past,
      dueAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const before = await balanceOf(user);
    expectError(await extend(user, rental.id), 409, 'RENTAL_ENDED');
    expect(await balanceOf(user)).toBe(before);
    expect(await ledgerKinds(user)).not.toContain('extension');
  });

  it('extend at the same moment as expiry, close at the same moment as extend: never charged for time not given', async () => {
    const { runRentalJob } = await import('@numbernest/core/rentals');
    const user = await userWithBalance(1000_00);
    const requests = await ownShared(8);
    for (let round = 0; round < 4; round++) {
      // Extend racing the job at the rental's end.
      const rental = await buyNext(user, requests);
      // The rental's end is moved to the extension's moment (100 ms ahead down to 50 ms past), not waited for.
      const ends = Date.now() + 100 - round * 50;
      await setRentalTimes(user.sub, rental.id, {
        startedAt: new Date(ends - 7 * 86_400_000).toISOString(),
        expiresAt: new Date(ends).toISOString(),
        dueAt: new Date(ends).toISOString(),
      });
      const [extendReply] = await Promise.all([extend(user, rental.id), runRentalJob(ends + 1)]);
      const after = await current(user, rental.id);
      if (extendReply.status === 200) {
        expect(after).toMatchObject({ status: 'active' });
        expect(Date.parse(after.expires_at)).toBe(ends + 7 * 86_400_000);
      } else {
        expect(extendReply.status).toBe(409);
        expect(after).toMatchObject({ status: 'inactive', ended: 'expired' });
        expect(cents(after.price)).toBe(cents(rental.price)); // nothing added for time it did not get
      }

      // Close racing an extension inside the refund window: all of it back, or the close came first.
      const start = await balanceOf(user);
      const fresh = await buyNext(user, requests);
      const [closeReply, extendAgain] = await Promise.all([close(user, fresh.id), extend(user, fresh.id)]);
      expect(rentalOf(closeReply)).toMatchObject({ ended: 'refunded' });
      expect([200, 409]).toContain(extendAgain.status);
      expect(await balanceOf(user)).toBe(start);
    }
    const { checkLedger } = await import('@numbernest/core/money');
    expect((await checkLedger()).problems.filter((p) => p.sub === user.sub)).toEqual([]);
  }, 120_000);
});

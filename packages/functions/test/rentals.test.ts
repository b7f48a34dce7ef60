import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  NumberType,
  mobileNumbersReplySchema,
  notificationsReplySchema,
  rentalReplySchema,
  rentalsReplySchema,
  type PurchaseRequest,
  type Rental,
} from '@numbernest/contracts';
import { catalogFixture, seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, post, send, type ApiReply } from './api';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { openOffer, openPrivateOffer, ownNumbers, stockFor } from './own-numbers';
import { trust } from './standing';
import { setRentalTimes } from './rental-clock';

function buy(user: TestUser, body: PurchaseRequest | Record<string, unknown>, key: string | null = randomUUID()): Promise<ApiReply> {
  const headers: Record<string, string> = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
  if (key !== null) headers['idempotency-key'] = key;
  return send('POST', '/user/rentals', { headers, body: JSON.stringify(body) });
}

function bought(reply: ApiReply): Rental {
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return rentalReplySchema.parse(reply.json).data;
}

async function numbersOf(body: Record<string, number | string>) {
  const reply = await post('/get-numbers', body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return mobileNumbersReplySchema.parse(reply.json).data;
}

/** Own Temporary activations of one offer (one price), so a balance buys an exact count (and one account may hold them all). */
async function samePriceActivations(count: number): Promise<{ pairs: PurchaseRequest[]; priceCents: number }> {
  const offer = openOffer({ temporary: true });
  const numbers = await ownNumbers(NumberType.Temporary, offer.countryId, stockFor(count));
  return {
    pairs: numbers.slice(0, count).map((n) => ({ mobile_number_type_id: 3, mobile_number_id: n.numberId, service_provider_id: offer.serviceId })),
    priceCents: offer.temporaryPriceCents!,
  };
}

/** Buys the first of these activations (own numbers: nobody else holds them). */
const buyFree = async (user: TestUser, candidates: PurchaseRequest[]): Promise<Rental> => bought(await buy(user, candidates[0]!));

/** An own Private number (in a country the catalogue tests do not count). */
async function freePrivateNumber() {
  const offer = openPrivateOffer();
  const [number] = await ownNumbers(NumberType.Private, offer.countryId);
  return { id: number!.numberId, countryId: number!.countryId, e164: number!.e164 };
}

/** An own Shared number and a service it can be rented for. */
async function ownSharedNumber() {
  const offer = openOffer();
  const [number] = await ownNumbers(NumberType.Shared, offer.countryId);
  return { id: number!.numberId, e164: number!.e164, offer };
}

async function ledgerKinds(user: TestUser) {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(user.sub)).map((e) => [e.kind, e.amountCents]);
}

const shared = (numberId: number, serviceId: number): PurchaseRequest => ({
  mobile_number_type_id: 1,
  mobile_number_id: numberId,
  service_provider_id: serviceId,
  rent_time_id: 1,
});

describe('POST /api/user/rentals', () => {
  it('buys a Shared number at the server’s price: 201 with the rental and the new balance, one purchase entry', async () => {
    const user = await userWithBalance(10_000);
    const { id, e164, offer } = await ownSharedNumber();
    const reply = await buy(user, shared(id, offer.serviceId));
    const rental = bought(reply);
    const { rentalPrice } = await import('@numbernest/core/pricing');
    const price = rentalPrice(offer, 1).totalCents;
    expect(rental).toMatchObject({
      number: e164,
      type: 1,
      status: 'active',
      price: price / 100,
      messages_count: 0,
      last_message: null,
      ended: null,
    });
    expect(rental.service).toMatchObject({ id: offer.serviceId });
    expect(Date.parse(rental.expires_at) - Date.parse(rental.started_at)).toBe(7 * 24 * 3600 * 1000);
    expect((reply.json as { balance: number }).balance).toBe((10_000 - price) / 100);
    expect(await balanceOf(user)).toBe(10_000 - price);
    expect(await ledgerKinds(user)).toEqual([
      ['adjustment', 10_000],
      ['purchase', -price],
    ]);
    // Listed and readable by its owner only.
    const list = rentalsReplySchema.parse((await as(user.idToken).get('/user/rentals?status=active')).json).data.data;
    expect(list.map((r) => r.id)).toEqual([rental.id]);
    expect(rentalReplySchema.parse((await as(user.idToken).get(`/user/rentals/${rental.id}`)).json).data).toEqual(rental);
    const stranger = await userWithBalance(0);
    expectError(await as(stranger.idToken).get(`/user/rentals/${rental.id}`), 404, 'RENTAL_NOT_FOUND');
    expectError(await as(stranger.idToken).post(`/user/rentals/${rental.id}/close`), 404, 'RENTAL_NOT_FOUND');
  });

  it('the same Idempotency-Key again answers the same rental and debits once', async () => {
    const user = await userWithBalance(1000);
    const { pairs, priceCents } = await samePriceActivations(1);
    const key = randomUUID();
    const replies = await Promise.all([1, 2, 3].map(() => buy(user, pairs[0]!, key)));
    expect(new Set(replies.map((r) => bought(r).id)).size).toBe(1);
    expect(await balanceOf(user)).toBe(1000 - priceCents);
  });

  it('not enough balance: 402 with the shortfall, nothing debited', async () => {
    const user = await userWithBalance(5);
    const { pairs, priceCents } = await samePriceActivations(1);
    const reply = await buy(user, pairs[0]!);
    expect(reply.status).toBe(402);
    expect(reply.json).toEqual({ message: expect.any(String), code: 'INSUFFICIENT_FUNDS', params: { balance: '0.05' }, shortfall: (priceCents - 5) / 100 });
    expect(await balanceOf(user)).toBe(5);
  });

  it('refuses bad requests: field errors, unknown numbers, the wrong type, no Idempotency-Key', async () => {
    const user = await userWithBalance(1000);
    expectFieldErrors(await buy(user, { mobile_number_type_id: 1, mobile_number_id: 1 }), ['service_provider_id', 'rent_time_id']);
    expectFieldErrors(await buy(user, { mobile_number_type_id: 4, mobile_number_id: 1 }), ['mobile_number_type_id']);
    const serviceId = catalogFixture.shared.serviceId;
    expect(expectFieldErrors(await buy(user, { ...shared(1, serviceId), total_price: 0 }), ['total_price']).fields).toEqual({
      total_price: [{ code: 'UNKNOWN_FIELD' }],
    });
    expect(expectFieldErrors(await buy(user, shared(1, serviceId), null), ['Idempotency-Key']).fields).toEqual({
      'Idempotency-Key': [{ code: 'IDEMPOTENCY_KEY_MISSING' }],
    });
    expect(Object.keys(expectError(await buy(user, { ...shared(1, serviceId), rent_time_id: 9 }), 400).errors ?? {})).toEqual(['rent_time_id']);
    expectError(await buy(user, shared(999_999, serviceId)), 404, 'NUMBER_NOT_FOUND');
    const privateNumber = await freePrivateNumber();
    expectError(await buy(user, shared(privateNumber.id, serviceId)), 404); // a Private number is not sold as Shared
    expect(await balanceOf(user)).toBe(1000);
  });

  it('100 concurrent purchases of one Private number: exactly one 201, the rest 409, exactly one debit', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => userWithBalance(100_000)));
    const number = await freePrivateNumber();
    const request: PurchaseRequest = { mobile_number_type_id: 2, mobile_number_id: number.id, rent_time_id: 1 };
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => buy(users[i % 10]!, request)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 201)) expectError(reply, 409, 'NUMBER_TAKEN');
    const debited = (await Promise.all(users.map(balanceOf))).filter((cents) => cents < 100_000);
    expect(debited).toHaveLength(1);
    // It left the picker's list.
    // Searched by its digits: the country's first page can be full of other files' numbers.
    const listed = await numbersOf({ country_id: number.countryId, mobile_number_type_id: 2, q: number.e164.slice(1) });
    expect(listed.map((n) => n.id)).not.toContain(number.id);
  }, 120_000);

  it('100 concurrent purchases by one user with balance for 10: exactly 10, never negative', async () => {
    const { pairs, priceCents } = await samePriceActivations(100);
    const user = await userWithBalance(priceCents * 10);
    await trust(user.sub); // a new account holds 10 at once: the limit here is the money
    const replies = await Promise.all(pairs.map((pair) => buy(user, pair)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    for (const reply of replies.filter((r) => r.status !== 201)) expect(reply.status, JSON.stringify(reply.json)).toBe(402);
    expect(await balanceOf(user)).toBe(0);
    expect((await ledgerKinds(user)).filter(([kind]) => kind === 'purchase')).toHaveLength(10);
  }, 120_000);

  it('Shared: two users rent one number for two services; the same service is taken (409)', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_000), userWithBalance(100_000)]);
    const { id, offer } = await ownSharedNumber();
    const services = [offer, seedCatalog.offers.find((o) => o.countryId === offer.countryId && o.serviceId !== offer.serviceId)!];
    bought(await buy(alice, shared(id, services[0]!.serviceId)));
    bought(await buy(bob, shared(id, services[1]!.serviceId)));
    expectError(await buy(bob, shared(id, services[0]!.serviceId)), 409, 'NUMBER_TAKEN');
  });
});

describe('closing, extending and the rental job', () => {
  it('close without a message within 20 minutes: refunded in full in the same transaction; the number is back on sale at once', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_000), userWithBalance(100_000)]);
    const number = await ownSharedNumber();
    const rental = bought(await buy(alice, shared(number.id, number.offer.serviceId)));
    const reply = await as(alice.idToken).post(`/user/rentals/${rental.id}/close`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const closed = rentalReplySchema.parse(reply.json);
    expect(closed.data).toMatchObject({ status: 'inactive', ended: 'refunded', refundable_until: null });
    expect(closed.balance).toBe(1000);
    expect(await balanceOf(alice)).toBe(100_000);
    expect((await ledgerKinds(alice)).map(([kind]) => kind)).toEqual(['adjustment', 'purchase', 'refund']);
    expectError(await as(alice.idToken).post(`/user/rentals/${rental.id}/close`), 409, 'RENTAL_ENDED'); // once
    expect(await balanceOf(alice)).toBe(100_000);
    // Never used, so no rest: anyone may rent it for that service at once.
    bought(await buy(bob, shared(number.id, number.offer.serviceId)));
  });

  it('extend: priced like a purchase, debited as an extension, the end moves on; Temporary cannot', async () => {
    const user = await userWithBalance(100_000);
    const number = await ownSharedNumber();
    const rental = bought(await buy(user, shared(number.id, number.offer.serviceId)));
    const extend = (id: string, rentTimeId: number) =>
      send('POST', `/user/rentals/${id}/extend`, {
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ rent_time_id: rentTimeId }),
      });
    const reply = await extend(rental.id, 2);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const extended = rentalReplySchema.parse(reply.json).data;
    expect(Date.parse(extended.expires_at) - Date.parse(rental.expires_at)).toBe(14 * 24 * 3600 * 1000);
    const [, purchase, extension] = await ledgerKinds(user);
    expect(purchase![0]).toBe('purchase');
    expect(extension![0]).toBe('extension');
    expect(extended.price).toBe((-(purchase![1] as number) - (extension![1] as number)) / 100);
    const activation = await buyFree(user, (await samePriceActivations(1)).pairs);
    expect(expectFieldErrors(await extend(activation.id, 1), ['rent_time_id']).fields).toEqual({ rent_time_id: [{ code: 'NOT_EXTENDABLE' }] });
  });

  it('the job refunds an unused Temporary activation at its end, expires a Shared rental without refund, and does nothing twice', async () => {
    const { runRentalJob } = await import('@numbernest/core/rentals');
    const user = await userWithBalance(100_000);
    const { pairs, priceCents } = await samePriceActivations(3);
    const activation = await buyFree(user, pairs);
    const number = await ownSharedNumber();
    const rental = bought(await buy(user, shared(number.id, number.offer.serviceId)));
    const past = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await setRentalTimes(user.sub, activation.id, { startedAt: past(21), expiresAt: past(1), dueAt: past(1) });
    await setRentalTimes(user.sub, rental.id, { startedAt: past(7 * 24 * 60 + 1), expiresAt: past(1), dueAt: past(1) });
    const before = await balanceOf(user);

    // (The local cloud's own ticker may get there first: only the outcome is asserted.)
    await runRentalJob();
    const after = (id: string) =>
      as(user.idToken)
        .get(`/user/rentals/${id}`)
        .then((r) => rentalReplySchema.parse(r.json).data);
    expect(await after(activation.id)).toMatchObject({ status: 'inactive', ended: 'refunded' });
    expect(await after(rental.id)).toMatchObject({ status: 'inactive', ended: 'expired' });
    expect(await balanceOf(user)).toBe(before + priceCents);
    await runRentalJob();
    expect(await balanceOf(user)).toBe(before + priceCents);
  });

  it('two job runs at once over the same due rentals refund and end each exactly once, and the ledger holds', async () => {
    const { runRentalJob } = await import('@numbernest/core/rentals');
    const { allEntries, checkLedger } = await import('@numbernest/core/money');
    // The scheduled function itself (reserved concurrency 1 on AWS; here nothing stops a second run).
    const { handler: scheduledJob } = await import('@numbernest/functions/jobs/expire-rentals');
    const user = await userWithBalance(100_000);
    const { pairs, priceCents } = await samePriceActivations(3);
    const activations: Rental[] = [];
    for (let i = 0; i < 3; i++) activations.push(await buyFree(user, pairs.slice(i)));
    const number = await ownSharedNumber();
    const rental = bought(await buy(user, shared(number.id, number.offer.serviceId)));
    const past = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    for (const activation of activations) await setRentalTimes(user.sub, activation.id, { startedAt: past(21), expiresAt: past(1), dueAt: past(1) });
    await setRentalTimes(user.sub, rental.id, { startedAt: past(7 * 24 * 60 + 1), expiresAt: past(1), dueAt: past(1) });
    const before = await balanceOf(user);

    const reports = await Promise.all([runRentalJob(), scheduledJob({}), runRentalJob(), scheduledJob({})]);
    // (The local cloud's own ticker may take some: no item is counted by two runs, whoever ran it.)
    expect(reports.reduce((sum, r) => sum + r.refunded, 0)).toBeLessThanOrEqual(activations.length);
    expect(reports.reduce((sum, r) => sum + r.expired, 0)).toBeLessThanOrEqual(1);

    const after = (id: string) =>
      as(user.idToken)
        .get(`/user/rentals/${id}`)
        .then((r) => rentalReplySchema.parse(r.json).data);
    for (const activation of activations) expect(await after(activation.id)).toMatchObject({ status: 'inactive', ended: 'refunded' });
    expect(await after(rental.id)).toMatchObject({ status: 'inactive', ended: 'expired' });
    const refunds = (await allEntries(user.sub)).filter((entry) => entry.kind === 'refund');
    expect(refunds).toHaveLength(activations.length);
    expect(await balanceOf(user)).toBe(before + activations.length * priceCents);
    expect((await checkLedger()).problems.filter((problem) => problem.sub === user.sub)).toEqual([]);
  });

  it('reminds once before the end (Reminders setting), whatever how often the job runs', async () => {
    const { runRentalJob } = await import('@numbernest/core/rentals');
    const user = await userWithBalance(100_000);
    const number = await ownSharedNumber();
    const rental = bought(await buy(user, shared(number.id, number.offer.serviceId)));
    const now = Date.now();
    await setRentalTimes(user.sub, rental.id, {
      startedAt: new Date(now - 7 * 24 * 3600 * 1000 + 30 * 60_000).toISOString(),
      expiresAt: new Date(now + 30 * 60_000).toISOString(),
      dueAt: new Date(now - 1000).toISOString(),
    });
    await runRentalJob();
    await runRentalJob();
    const notes = notificationsReplySchema.parse((await as(user.idToken).get('/user/notifications')).json).data.data;
    expect(notes.filter((n) => n.data.key === 'rentalExpires1h')).toHaveLength(1);
    expect(notes.filter((n) => n.data.key === 'rentalExpires24h')).toHaveLength(0);
  });
});

import './api'; // first: points this process at the local cloud
import { randomInt, randomUUID } from 'node:crypto';
import { mobileNumbersReplySchema, NumberType, rentalReplySchema, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { expectFieldErrors, post, send, type ApiReply } from './api';
import { as, userWithBalance, type TestUser } from './auth-users';
import { openPrivateOffer, ownNumber, ownPrivate, ownShared, ownTemporary } from './own-numbers';
import { backdateRental } from './rental-clock';

/**
 * The picker tells the truth per service (a number held or resting for a service is not offered for
 * it) and reads at most what it shows (a sparse index, pages, a read budget). Every rental is of a
 * number this file added, so no other file can hold it.
 */

function buy(user: TestUser, body: PurchaseRequest): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}
const rentalOf = (reply: ApiReply): Rental => {
  expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);
  return rentalReplySchema.parse(reply.json).data;
};
const close = (user: TestUser, id: string) => as(user.idToken).post(`/user/rentals/${id}/close`);

async function page(body: Record<string, unknown>) {
  const reply = await post('/get-numbers', body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return mobileNumbersReplySchema.parse(reply.json);
}

/** Whether the list (country, type[, service]) offers this number: searched by its own digits, so one page says it. */
async function listed(e164: string, body: Record<string, unknown>): Promise<boolean> {
  const { data } = await page({ ...body, q: e164.slice(1) });
  return data.some((n) => n.mobile_number === e164);
}

const dialOf = (countryId: number) => seedCatalog.countries.find((c) => c.id === countryId)!.dialCode;
/** Another service the same country offers. */
const otherService = (countryId: number, serviceId: number) =>
  seedCatalog.offers.find((o) => o.countryId === countryId && o.serviceId !== serviceId)!.serviceId;

describe('the picker tells the truth per service', () => {
  it('Shared: held for its service while rented, offered for others; used, it rests 90 days for everyone; refunded unused, back at once', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_00), userWithBalance(100_00)]);
    const [used, unused] = await ownShared(2);
    const countryId = openOfferCountry(used!);
    const list = (serviceId: number) => ({ mobile_number_type_id: 1, country_id: countryId, service_provider_id: serviceId });
    expect(await listed(seedNumber(used!), list(used!.service_provider_id))).toBe(true);

    const rental = rentalOf(await buy(alice, used!));
    expect(await listed(rental.number, list(used!.service_provider_id))).toBe(false);
    expect(await listed(rental.number, list(otherService(countryId, used!.service_provider_id)))).toBe(true);

    // Used (closed after the refund window): resting 90 days, listed for nobody (its renter may still buy it by number).
    await backdateRental(alice.sub, rental.id, 21);
    expect(rentalOf(await close(alice, rental.id))).toMatchObject({ ended: 'closed' });
    expect(await listed(rental.number, list(used!.service_provider_id))).toBe(false);
    expect(await listed(rental.number, list(otherService(countryId, used!.service_provider_id)))).toBe(true);
    expect((await buy(bob, used!)).status).toBe(409);

    // Refunded unused: on offer again at once.
    const second = rentalOf(await buy(alice, unused!));
    expect(await listed(second.number, list(unused!.service_provider_id))).toBe(false);
    expect(rentalOf(await close(alice, second.id))).toMatchObject({ ended: 'refunded' });
    expect(await listed(second.number, list(unused!.service_provider_id))).toBe(true);
  });

  it('Temporary: held for its service while the activation runs, offered for others', async () => {
    const alice = await userWithBalance(100_00);
    const [request] = (await ownTemporary()) as Array<Extract<PurchaseRequest, { mobile_number_type_id: 3 }>>;
    const countryId = openOfferCountry(request!);
    const rental = rentalOf(await buy(alice, request!));
    const body = (serviceId: number) => ({ mobile_number_type_id: 3, country_id: countryId, service_provider_id: serviceId });
    expect(await listed(rental.number, body(request!.service_provider_id!))).toBe(false);
    const other = seedCatalog.offers.find(
      (o) => o.countryId === countryId && o.serviceId !== request!.service_provider_id && o.temporaryPriceCents !== undefined,
    );
    if (other) expect(await listed(rental.number, body(other.serviceId))).toBe(true);
  });

  it('Private: out of the list while rented and while it rests; a retired number is never listed', async () => {
    const alice = await userWithBalance(100_00);
    const [rented, retired] = await ownPrivate(2);
    const countryId = openOfferCountry(rented!);
    const body = { mobile_number_type_id: 2, country_id: countryId };
    const rental = rentalOf(await buy(alice, rented!));
    expect(await listed(rental.number, body)).toBe(false);
    await backdateRental(alice.sub, rental.id, 21);
    rentalOf(await close(alice, rental.id));
    expect(await listed(rental.number, body)).toBe(false);

    const e164 = seedNumber(retired!);
    expect(await listed(e164, body)).toBe(true);
    const { setRetired } = await import('@numbernest/core/supply');
    await setRetired({ sub: 'test', email: 'picker@test' }, retired!.mobile_number_id, true, 'test');
    expect(await listed(e164, body)).toBe(false);
    await setRetired({ sub: 'test', email: 'picker@test' }, retired!.mobile_number_id, false);
    expect(await listed(e164, body)).toBe(true);
  });
});

describe('POST /api/get-numbers pages and searches, reading at most what it shows', () => {
  // A block of Private numbers of this file's own, under digits nobody else uses: a few hundred, written
  // through the operators' import function.
  const countryId = openPrivateOffer().countryId;
  const dial = dialOf(countryId);
  const block = `9${String(randomInt(10_000)).padStart(4, '0')}`;
  const count = 300;
  const e164s = Array.from({ length: count }, (_, i) => `+${dial}${block}${String(i).padStart(4, '0')}`);
  const body = { mobile_number_type_id: 2, country_id: countryId };
  const ready = (async () => {
    const { addNumbers } = await import('@numbernest/core/supply');
    const { created } = await addNumbers(e164s.map((e164) => ({ e164, countryId, typeId: NumberType.Private, source: { provider: 'twilio' as const } })));
    expect(created).toHaveLength(count);
  })();

  it('walks the whole list once, in order, page by page; q with or without the calling code', async () => {
    await ready;
    for (const q of [block, `${dial}${block}`]) {
      const seen: string[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const reply = await page({ ...body, q, limit: 37, ...(next ? { page: next } : {}) });
        expect(reply.data.length).toBeLessThanOrEqual(37);
        seen.push(...reply.data.map((n) => n.mobile_number));
        next = reply.next_page;
        pages++;
      } while (next && pages < 50);
      expect(seen).toEqual(e164s);
    }
  });

  it('answers the first page (at most 100) without paging fields, in the same shape', async () => {
    await ready;
    const reply = await page(body);
    expect(reply.data.length).toBeGreaterThan(0);
    expect(reply.data.length).toBeLessThanOrEqual(100);
    expect(reply.next_page).toEqual(expect.any(String));
    const sorted = reply.data.map((n) => n.mobile_number);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('a page of 10 evaluates at most its budget, whatever the inventory', async () => {
    await ready;
    const { readNumbersPage, budgetPerNumber } = await import('@numbernest/core/catalogue');
    const first = await readNumbersPage({ countryId, typeId: NumberType.Private, limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.evaluated).toBeLessThanOrEqual(budgetPerNumber * 10);
    const searched = await readNumbersPage({ countryId, typeId: NumberType.Private, q: block, limit: 10, page: undefined });
    expect(searched.items.map((n) => n.e164)).toEqual(e164s.slice(0, 10));
    expect(searched.evaluated).toBeLessThanOrEqual(budgetPerNumber * 10);
  });

  it.each([
    ['q with letters', { q: '12a' }, ['q']],
    ['q too long', { q: '1234567890123456' }, ['q']],
    ['limit 0', { limit: 0 }, ['limit']],
    ['limit 101', { limit: 101 }, ['limit']],
    ['a page made up', { page: 'not-a-page' }, ['page']],
    ['a forged page', { page: Buffer.from(JSON.stringify({ s: 'x', r: 0 })).toString('base64url') }, ['page']],
  ])('400s %s with a field error', async (_, extra, fields) => {
    expectFieldErrors(await post('/get-numbers', { ...body, ...extra }), fields);
  });

  it("400s another list's page", async () => {
    await ready;
    const { next_page } = await page({ ...body, q: block, limit: 5 });
    expectFieldErrors(await post('/get-numbers', { ...body, q: `${block}0`, page: next_page }), ['page']);
  });
});

/** The country of an own number's purchase request. */
const openOfferCountry = (request: PurchaseRequest) => ownNumber(request.mobile_number_id).countryId;
/** The E.164 of an own number's purchase request. */
const seedNumber = (request: PurchaseRequest) => ownNumber(request.mobile_number_id).e164;

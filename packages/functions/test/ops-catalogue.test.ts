import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  countriesReplySchema,
  NumberType,
  priceSummaryReplySchema,
  privateCountriesReplySchema,
  rentalReplySchema,
  serviceProvidersReplySchema,
} from '@numbernest/contracts';
import {
  auditReplySchema,
  bulkPriceReplySchema,
  opsCatalogueReplySchema,
  opsCountryReplySchema,
  opsOfferReplySchema,
  opsOffersReplySchema,
  opsServiceReplySchema,
  type AuditEntry,
  type OpsOffer,
} from '@numbernest/contracts/ops';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, get, send, expireCatalogueCache } from './api';
import { as, balanceOf, call, createTestUser, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { openCountryIds, ownNumbers } from './own-numbers';

/**
 * The catalogue part of the console. The files of one test worker share a table, one after
 * another, so this one edits only what it creates: its own countries and services, and offers of
 * its own services (in a seeded country only where a rental needs real numbers). Its prices stay
 * above the seed's cheapest, so the public "from" prices other files check never move. The
 * integration cloud caches the catalogue as on AWS: a public read after a change expires the cache
 * first (expireCatalogueCache).
 */

let operator: TestUser;
const tag = randomUUID().slice(0, 6);
/** A code ISO 3166 leaves to users (xa–xz, qm–qz): never a real country that other files' numbers could belong to. */
const userAssignedIsos = [...'abcdefghijklmnopqrstuvwxyz'].map((l) => `x${l}`).concat([...'mnopqrstuvwxyz'].map((l) => `q${l}`));
const iso = () => userAssignedIsos[Math.floor(Math.random() * userAssignedIsos.length)]!;

const patch = (path: string, body: unknown) => call('PATCH', path, { token: operator.idToken, body });
const ops = () => as(operator.idToken);

/** Adds a country of this file's own (a random two-letter code that no country has yet). */
async function addCountry(name: string): Promise<number> {
  for (;;) {
    const reply = await ops().post('/ops/countries', { name: `${name} ${tag}`, iso: iso(), dial_code: '999' });
    if (reply.status === 409) continue;
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return opsCountryReplySchema.parse(reply.json).data.id;
  }
}

async function addService(name: string): Promise<number> {
  const reply = await ops().post('/ops/services', { name: `${name} ${tag}`, slug: `${name.toLowerCase()}-${tag}` });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return opsServiceReplySchema.parse(reply.json).data.id;
}

const tariff = (price: number, d: [number, number, number] = [0, 0, 0], temporary: number | null = null) => ({
  price_per_day: price,
  discount_1: d[0],
  discount_2: d[1],
  discount_3: d[2],
  temporary_price: temporary,
});

async function putOffer(countryId: number, serviceId: number, body: unknown): Promise<OpsOffer> {
  const reply = await ops().put(`/ops/offers/${countryId}/${serviceId}`, body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  const parsed = opsOfferReplySchema.parse(reply.json);
  expect(parsed.cache_seconds).toBe(60); // the production lifetime: tests expire the cache instead (expireCatalogueCache)
  return parsed.data;
}

async function publicOffers(countryId: number) {
  const reply = await get(`/mobile-number-providers/${countryId}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return serviceProvidersReplySchema.parse(reply.json).data;
}

/** The newest audit entries about a target. */
async function auditOf(type: string, id: string): Promise<AuditEntry[]> {
  const reply = await ops().get('/ops/audit?limit=200');
  expect(reply.status).toBe(200);
  return auditReplySchema.parse(reply.json).data.filter((e) => e.target.type === type && e.target.id === id);
}

let countryA: number;
let countryB: number;
let serviceX: number;
let serviceY: number;
let serviceZ: number;

beforeAll(async () => {
  operator = await createOperator();
  [countryA, countryB] = [await addCountry('Alphaland'), await addCountry('Betaland')];
  serviceX = await addService('Xeno');
  serviceY = await addService('Yodel');
  serviceZ = await addService('Zest');
});

describe('GET /api/ops/catalogue', () => {
  it('lists countries (with their offers), services and Private offers, and the cache lifetime', async () => {
    const reply = await ops().get('/ops/catalogue');
    expect(reply.status).toBe(200);
    const { data } = opsCatalogueReplySchema.parse(reply.json);
    expect(data.cache_seconds).toBe(60);
    expect(data.countries.find((c) => c.id === countryA)).toMatchObject({ name: `Alphaland ${tag}`, dial_code: '999', enabled: true, private_offer: false });
    expect(data.services.find((s) => s.id === serviceX)).toEqual({ id: serviceX, name: `Xeno ${tag}`, slug: `xeno-${tag}`, code: null, patterns: null });
    expect(data.countries.length).toBeGreaterThan(30);
    expect(data.private_offers.length).toBeGreaterThan(0);
  });

  it('is for operators only', async () => {
    const customer = await createTestUser(`customer-${randomUUID()}@example.com`);
    expectError(await as(customer.idToken).get('/ops/catalogue'), 403, 'OPERATORS_ONLY');
    expectError(await as(customer.idToken).put(`/ops/offers/${countryA}/${serviceX}`, tariff(5)), 403, 'OPERATORS_ONLY');
  });
});

describe('PUT /api/ops/offers/{countryId}/{serviceId}', () => {
  it('creates then changes an offer: the public catalogue shows it within the cache lifetime; one audit entry each, before -> after', async () => {
    const created = await putOffer(countryA, serviceX, { ...tariff(2.5, [1, 2, 5], 3.1), reason: 'launch' });
    expect(created).toEqual({ country_id: countryA, service_id: serviceX, name: `Xeno ${tag}`, ...tariff(2.5, [1, 2, 5], 3.1) });
    await expireCatalogueCache();
    expect((await publicOffers(countryA)).find((s) => s.id === serviceX)).toMatchObject(tariff(2.5, [1, 2, 5], 3.1));

    await putOffer(countryA, serviceX, tariff(2.75, [1.25, 2, 5], 3.1));
    await expireCatalogueCache();
    expect((await publicOffers(countryA)).find((s) => s.id === serviceX)).toMatchObject(tariff(2.75, [1.25, 2, 5], 3.1));
    const stored = opsOffersReplySchema.parse((await ops().get(`/ops/countries/${countryA}/offers`)).json).data;
    expect(stored.find((o) => o.service_id === serviceX)).toMatchObject({ price_per_day: 2.75, discount_1: 1.25 });

    const entries = await auditOf('offer', `${countryA}/${serviceX}`);
    expect(entries.map((e) => e.action)).toEqual(['catalogue.offer.put', 'catalogue.offer.put']);
    const [change, creation] = entries;
    expect(creation).toMatchObject({ before: null, after: created, reason: 'launch', operator: { sub: operator.sub, email: operator.email } });
    expect(change!.before).toEqual(created);
    expect(change!.after).toMatchObject({ price_per_day: 2.75, discount_1: 1.25 });
  });

  it('reaches the public catalogue only once the cache has expired: until then a public read is served from the cache', async () => {
    const service = await addService('Sigma');
    const publicPrice = async () => (await publicOffers(countryA)).find((s) => s.id === service)?.price_per_day;
    await putOffer(countryA, service, tariff(6));
    await expireCatalogueCache();
    expect(await publicPrice()).toBe(6); // the read loads the cache
    await putOffer(countryA, service, tariff(7));
    expect(await publicPrice()).toBe(6);
    await expireCatalogueCache();
    expect(await publicPrice()).toBe(7);
  });

  it('temporary_price null stops offering Temporary there', async () => {
    await putOffer(countryA, serviceY, tariff(3, [0, 0, 0], 4));
    await expireCatalogueCache();
    expect((await publicOffers(countryA)).find((s) => s.id === serviceY)?.temporary_price).toBe(4);
    await putOffer(countryA, serviceY, tariff(3));
    await expireCatalogueCache();
    expect((await publicOffers(countryA)).find((s) => s.id === serviceY)?.temporary_price).toBeNull();
  });

  it('refuses bad prices with field errors, and unknown countries and services', async () => {
    const put = (body: unknown, path = `/ops/offers/${countryB}/${serviceX}`) => ops().put(path, body);
    expectFieldErrors(await put(tariff(-1)), ['price_per_day']);
    expectFieldErrors(await put(tariff(0)), ['price_per_day']);
    expectFieldErrors(await put(tariff(1.005)), ['price_per_day']);
    expectFieldErrors(await put(tariff(5000)), ['price_per_day']);
    expectFieldErrors(await put(tariff(1, [-0.5, 0, 0])), ['discount_1']);
    // A discount takes at most its period's price less a cent: 7, 14, 30 days of $1.
    expectFieldErrors(await put(tariff(1, [7, 14, 29.99])), ['discount_1', 'discount_2']);
    expectFieldErrors(await put(tariff(1, [0, 0, 0], 0)), ['temporary_price']);
    expectFieldErrors(await put({ price_per_day: 1 }), ['discount_1', 'discount_2', 'discount_3', 'temporary_price']);
    expectFieldErrors(await put({ ...tariff(1), price: 2 }), ['price']);
    expectFieldErrors(await put(tariff(1), `/ops/offers/abc/${serviceX}`), ['countryId']);
    expectError(await put(tariff(1), `/ops/offers/987654/${serviceX}`), 404, 'COUNTRY_NOT_FOUND');
    expectError(await put(tariff(1), `/ops/offers/${countryB}/987654`), 404, 'SERVICE_NOT_FOUND');
    expect(await auditOf('offer', `${countryB}/${serviceX}`)).toEqual([]);
  });

  it('keeps the price summary right: rewritten (a new revision) with every price change, equal to the catalogue recomputed', async () => {
    const { getItem } = await import('@numbernest/core/db');
    const { catalogKeys } = await import('@numbernest/core/catalogue');
    const revision = async () => (await getItem<{ revision?: number }>(catalogKeys.priceSummary))?.revision ?? 0;
    const before = await revision();
    await putOffer(countryB, serviceZ, tariff(4.2, [0, 0, 0], 5));
    expect(await revision()).toBeGreaterThan(before);
    const { queryPartition } = await import('@numbernest/core/db');
    const { summaryOf, toPriceSummary } = await import('@numbernest/core/catalogue');
    type Row = Parameters<typeof summaryOf>[0];
    const countries = (await queryPartition(catalogKeys.countries)) as Row['countries'];
    const offers = (await Promise.all(countries.map((c) => queryPartition(catalogKeys.offersOf(c.id), catalogKeys.offerPrefix)))).flat() as Row['offers'];
    const privateOffers = (await queryPartition(catalogKeys.privateOffers)) as Row['privateOffers'];
    const summary = priceSummaryReplySchema.parse((await get('/price-summary')).json).data;
    expect(summary).toEqual(toPriceSummary(summaryOf({ countries, offers, privateOffers })));
  });
});

describe('POST /api/ops/offers/bulk', () => {
  it("changes exactly that country's offers by the percent, rounded to the cent half up; one audit entry lists them", async () => {
    // $0.25 + 10% = 27.5 cents -> 28; $1.15 + 10% = 126.5 -> 127; discounts scale too.
    await Promise.all([
      putOffer(countryB, serviceX, tariff(0.25, [0.15, 0.35, 1.45], 1.15)),
      putOffer(countryB, serviceY, tariff(1.15, [0, 0.05, 0], null)),
      putOffer(countryA, serviceZ, tariff(0.25, [0, 0, 0], 1.15)), // another country: untouched
    ]);
    const preview = await ops().post('/ops/offers/bulk', { country_id: countryB, percent: 10, preview: true });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    const previewed = bulkPriceReplySchema.parse(preview.json).data;
    expect(previewed.applied).toBe(false);
    expect(previewed.changes.find((c) => c.before.service_id === serviceX)?.after).toMatchObject(tariff(0.28, [0.17, 0.39, 1.6], 1.27));
    expect(
      opsOffersReplySchema.parse((await ops().get(`/ops/countries/${countryB}/offers`)).json).data.find((o) => o.service_id === serviceX)?.price_per_day,
    ).toBe(0.25);

    const reply = await ops().post('/ops/offers/bulk', { country_id: countryB, percent: 10, reason: 'costs up' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const { data } = bulkPriceReplySchema.parse(reply.json);
    expect(data.applied).toBe(true);
    expect(data.changes.map((c) => c.before.service_id).sort()).toEqual([serviceX, serviceY, serviceZ].sort());
    const after = opsOffersReplySchema.parse((await ops().get(`/ops/countries/${countryB}/offers`)).json).data;
    expect(after.find((o) => o.service_id === serviceX)).toMatchObject(tariff(0.28, [0.17, 0.39, 1.6], 1.27));
    expect(after.find((o) => o.service_id === serviceY)).toMatchObject(tariff(1.27, [0, 0.06, 0], null));
    expect(after.find((o) => o.service_id === serviceZ)).toMatchObject(tariff(4.62, [0, 0, 0], 5.5));
    const untouched = opsOffersReplySchema.parse((await ops().get(`/ops/countries/${countryA}/offers`)).json).data;
    expect(untouched.find((o) => o.service_id === serviceZ)).toMatchObject(tariff(0.25, [0, 0, 0], 1.15));
    await expireCatalogueCache();
    expect((await publicOffers(countryB)).find((s) => s.id === serviceX)).toMatchObject(tariff(0.28, [0.17, 0.39, 1.6], 1.27));

    const [entry, ...more] = await auditOf('country', String(countryB));
    expect(more.filter((e) => e.action === 'catalogue.offers.bulk')).toEqual([]);
    expect(entry).toMatchObject({ action: 'catalogue.offers.bulk', reason: 'costs up' });
    const listed = entry!.after as { offers: OpsOffer[] };
    expect(listed.offers).toHaveLength(3);
    expect((entry!.before as { percent: number; offers: OpsOffer[] }).offers.find((o) => o.service_id === serviceX)?.price_per_day).toBe(0.25);
  });

  it('refuses a change that makes a price $0 or less, changing nothing; and bad requests', async () => {
    const country = await addCountry('Gammaland');
    await putOffer(country, serviceX, tariff(0.4));
    await putOffer(country, serviceY, tariff(5));
    const refused = expectFieldErrors(await ops().post('/ops/offers/bulk', { country_id: country, percent: -99 }), ['percent']);
    expect(refused.errors?.percent?.[0]).toContain(`Xeno ${tag}`);
    const stored = opsOffersReplySchema.parse((await ops().get(`/ops/countries/${country}/offers`)).json).data;
    expect(stored.map((o) => o.price_per_day).sort()).toEqual([0.4, 5]);
    expect(await auditOf('country', String(country))).toHaveLength(1); // its creation only

    expectFieldErrors(await ops().post('/ops/offers/bulk', { percent: 5 }), ['country_id']);
    expectFieldErrors(await ops().post('/ops/offers/bulk', { country_id: country, service_id: serviceX, percent: 5 }), ['country_id']);
    expectFieldErrors(await ops().post('/ops/offers/bulk', { country_id: country, percent: 0 }), ['percent']);
    expectFieldErrors(await ops().post('/ops/offers/bulk', { country_id: country, percent: -100 }), ['percent']);
    expectFieldErrors(await ops().post('/ops/offers/bulk', { country_id: country, percent: 'ten' }), ['percent']);
    expectFieldErrors(await ops().post('/ops/offers/bulk', { country_id: await addCountry('Emptyland'), percent: 5 }), ['country_id']);
  });

  it("changes one service's offers in every country", async () => {
    const service = await addService('Omega');
    await putOffer(countryA, service, tariff(2));
    await putOffer(countryB, service, tariff(3, [0, 0, 0], 2.5));
    const reply = await ops().post('/ops/offers/bulk', { service_id: service, percent: -12.5 });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const { changes } = bulkPriceReplySchema.parse(reply.json).data;
    expect(changes.map((c) => [c.after.country_id, c.after.price_per_day, c.after.temporary_price]).sort()).toEqual(
      [
        [countryA, 1.75, null],
        [countryB, 2.63, 2.19], // 262.5 -> 263, 218.75 -> 219
      ].sort(),
    );
    expect(await auditOf('service', String(service))).toHaveLength(2); // added, bulk
  });
});

describe('a running rental', () => {
  it('keeps the price paid; an extension is charged at the offer price of its time', async () => {
    const countryId = openCountryIds[openCountryIds.length - 1]!;
    await putOffer(countryId, serviceZ, tariff(3, [1, 0, 0]));
    await expireCatalogueCache();
    const [number] = await ownNumbers(NumberType.Shared, countryId);
    const user = await userWithBalance(100_000);
    const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    const bought = await send('POST', '/user/rentals', {
      headers,
      body: JSON.stringify({ mobile_number_type_id: 1, mobile_number_id: number!.numberId, service_provider_id: serviceZ, rent_time_id: 1 }),
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const rental = rentalReplySchema.parse(bought.json).data;
    expect(rental.price).toBe(20); // 7 x $3 - $1

    await putOffer(countryId, serviceZ, tariff(4, [0, 0, 0]));
    await expireCatalogueCache();
    const now = rentalReplySchema.parse((await as(user.idToken).get(`/user/rentals/${rental.id}`)).json).data;
    expect(now.price).toBe(20);
    expect(await balanceOf(user)).toBe(100_000 - 2000);

    const extended = await send('POST', `/user/rentals/${rental.id}/extend`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ rent_time_id: 1 }),
    });
    expect(extended.status, JSON.stringify(extended.json)).toBe(200);
    expect(rentalReplySchema.parse(extended.json).data.price).toBe(48); // 20 paid + 7 x $4
    expect(await balanceOf(user)).toBe(100_000 - 4800);
  });
});

describe('countries, services and Private offers', () => {
  it('a disabled country leaves the public lists and comes back when enabled; the change is audited', async () => {
    const country = await addCountry('Deltaland');
    await putOffer(country, serviceX, tariff(6));
    const disabled = await patch(`/ops/countries/${country}`, { enabled: false, reason: 'supplier gone' });
    expect(disabled.status, JSON.stringify(disabled.json)).toBe(200);
    expect(opsCountryReplySchema.parse(disabled.json).data).toMatchObject({ enabled: false, offers: 1 });
    await expireCatalogueCache();
    const listed = async () => countriesReplySchema.parse((await get('/mobile-number-countries')).json).data.some((c) => c.id === country);
    expect(await listed()).toBe(false);
    expectError(await get(`/mobile-number-providers/${country}`), 404, 'COUNTRY_NOT_FOUND');
    expect((await patch(`/ops/countries/${country}`, { enabled: true })).status).toBe(200);
    await expireCatalogueCache();
    expect(await listed()).toBe(true);
    const [enabled, disabling] = await auditOf('country', String(country));
    expect(disabling).toMatchObject({ action: 'catalogue.country.update', reason: 'supplier gone', before: { enabled: true }, after: { enabled: false } });
    expect(enabled).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
    expectFieldErrors(await patch(`/ops/countries/${country}`, {}), ['enabled']);
    expectError(await ops().post('/ops/countries', { name: 'Twin', iso: 'us', dial_code: '1' }), 409, 'COUNTRY_EXISTS');
    expectFieldErrors(await ops().post('/ops/countries', { name: 'X', iso: 'usa', dial_code: '+1' }), ['name', 'iso', 'dial_code']);
  });

  it('a service is renamed (its offers too) and routed with the checks of setServiceRouting', async () => {
    const service = await addService('Kappa');
    await putOffer(countryA, service, tariff(5));
    const code = `k${tag.replace(/[^a-z0-9]/g, '').slice(0, 5)}`;
    const patterns = { from: '^KAPPA$', body: '\\bKappa\\b' };
    const reply = await patch(`/ops/services/${service}`, { name: `Kappa Pro ${tag}`, code, patterns });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(opsServiceReplySchema.parse(reply.json).data).toEqual({ id: service, name: `Kappa Pro ${tag}`, slug: `kappa-${tag}`, code, patterns });
    await expireCatalogueCache();
    expect((await publicOffers(countryA)).find((s) => s.id === service)?.name).toBe(`Kappa Pro ${tag}`);
    const [entry] = await auditOf('service', String(service));
    expect(entry).toMatchObject({
      action: 'catalogue.service.update',
      before: { name: `Kappa ${tag}`, code: null, patterns: null },
      after: { name: `Kappa Pro ${tag}`, code, patterns },
    });
    expectError(await patch(`/ops/services/${service}`, { code: 'tg' }), 409, 'CONFLICT');
    expectFieldErrors(await patch(`/ops/services/${service}`, { patterns: { from: '(', body: '.*' } }), ['patterns.from', 'patterns.body']);
    expectError(await patch(`/ops/services/${serviceX}`, { slug: `kappa-${tag}` }), 409, 'SERVICE_EXISTS');
    expectError(await patch('/ops/services/987654', { name: 'Nobody' }), 404, 'SERVICE_NOT_FOUND');
    expect((await patch(`/ops/services/${service}`, { code: null })).status).toBe(200);
  });

  it('a Private offer is set and removed, shown publicly within the cache lifetime', async () => {
    const country = await addCountry('Epsilonland');
    const put = await ops().put(`/ops/private-offers/${country}`, { price_per_day: 9, discount_1: 3, discount_2: 0, discount_3: 0 });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    await expireCatalogueCache();
    const privateCountry = async () => privateCountriesReplySchema.parse((await get('/private-numbers')).json).data.find((c) => c.id === country);
    expect(await privateCountry()).toMatchObject({ price_per_day: 9, discount_1: 3, price: 60 });
    expectFieldErrors(await ops().put(`/ops/private-offers/${country}`, { price_per_day: 1, discount_1: 7, discount_2: 0, discount_3: 0 }), ['discount_1']);
    expect((await ops().delete(`/ops/private-offers/${country}`)).status).toBe(200);
    await expireCatalogueCache();
    expect(await privateCountry()).toBeUndefined();
    expectError(await ops().delete(`/ops/private-offers/${country}`), 404, 'PRIVATE_NOT_OFFERED');
    expect((await auditOf('private-offer', String(country))).map((e) => e.action)).toEqual(['catalogue.private-offer.delete', 'catalogue.private-offer.put']);
  });
});

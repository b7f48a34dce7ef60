import './api'; // first: points this process at the local cloud
import {
  countriesReplySchema,
  mobileNumbersReplySchema,
  privateCountriesReplySchema,
  rentTimesReplySchema,
  serviceProvidersReplySchema,
} from '@numbernest/contracts';
import { catalogFixture as f, seedCatalog, seedCounts } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { apiUrl, expectError, expectFieldErrors, get, post } from './api';

const sortedBy = <T>(list: T[], key: (t: T) => string) => expect(list.map(key)).toEqual(list.map(key).sort((a, b) => a.localeCompare(b, 'en')));

describe('GET /api/mobile-number-rent-times', () => {
  it('lists the three rent periods', async () => {
    const reply = await get('/mobile-number-rent-times');
    expect(reply.status).toBe(200);
    const { data } = rentTimesReplySchema.parse(reply.json);
    expect(data).toEqual([
      { id: 1, name: '1 Week', days: 7 },
      { id: 2, name: '2 Week', days: 14 },
      { id: 3, name: '1 Month', days: 30 },
    ]);
  });
});

describe('GET /api/mobile-number-countries', () => {
  it('lists every seeded country by name with its flag', async () => {
    const reply = await get('/mobile-number-countries');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    const { data } = countriesReplySchema.parse(reply.json);
    // Operators' tests that ran earlier in this worker may have added countries: the seeded ones, and maybe more.
    expect(data.map((c) => c.id)).toEqual(expect.arrayContaining(seedCatalog.countries.map((c) => c.id)));
    expect(data.length).toBeGreaterThanOrEqual(seedCounts.countries);
    sortedBy(data, (c) => c.name);
    for (const c of data) expect(c.url).toMatch(/^\/images\/flags\/[a-z]{2}\.svg$/);
  });

  it('answers the web origin with CORS headers, and no other origin', async () => {
    const ours = await get('/mobile-number-countries', { origin: apiUrl });
    expect(ours.headers.get('access-control-allow-origin')).toBe(apiUrl);
    const theirs = await get('/mobile-number-countries', { origin: 'https://evil.example' });
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('GET /api/mobile-number-providers/{countryId}', () => {
  it("lists the country's services by name with local prices", async () => {
    const reply = await get(`/mobile-number-providers/${f.shared.countryId}`);
    expect(reply.status).toBe(200);
    const { data } = serviceProvidersReplySchema.parse(reply.json);
    expect(data).toHaveLength(seedCounts.offersByCountry(f.shared.countryId));
    sortedBy(data, (s) => s.name);
    for (const s of data) {
      expect(s.url).toMatch(/^\/images\/services\/[a-z0-9]+\.svg$/);
      expect(s.price_per_day * 100).toBeCloseTo(Math.round(s.price_per_day * 100), 6); // whole cents
    }
  });

  it('shows services with and without discounts, and with no Temporary price', async () => {
    const noDiscount = serviceProvidersReplySchema.parse((await get(`/mobile-number-providers/${f.serviceWithoutDiscounts.countryId}`)).json);
    const plain = noDiscount.data.find((s) => s.id === f.serviceWithoutDiscounts.serviceId)!;
    expect([plain.discount_1, plain.discount_2, plain.discount_3]).toEqual([0, 0, 0]);

    const discounted = serviceProvidersReplySchema.parse((await get(`/mobile-number-providers/${f.serviceWithDiscounts.countryId}`)).json);
    const offer = discounted.data.find((s) => s.id === f.serviceWithDiscounts.serviceId)!;
    expect(offer.discount_1 + offer.discount_2 + offer.discount_3).toBeGreaterThan(0);

    const noTemp = serviceProvidersReplySchema.parse((await get(`/mobile-number-providers/${f.temporaryNotOffered.countryId}`)).json);
    expect(noTemp.data.find((s) => s.id === f.temporaryNotOffered.serviceId)?.temporary_price).toBeNull();
  });

  it('404s an unknown country', async () => {
    const error = expectError(await get(`/mobile-number-providers/${f.unknownCountryId}`), 404, 'COUNTRY_NOT_FOUND');
    expect(error.message).toMatch(/not found/i);
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999', '1e99', '%20'])('400s the id %j', async (id) => {
    expectFieldErrors(await get(`/mobile-number-providers/${id}`), ['countryId']);
  });
});

describe('POST /api/get-numbers', () => {
  const numbers = async (body: unknown) => {
    const reply = await post('/get-numbers', body);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return mobileNumbersReplySchema.parse(reply.json).data;
  };

  it('lists Shared numbers of a country for a service it offers, sorted by number', async () => {
    const data = await numbers({ mobile_number_type_id: 1, country_id: f.shared.countryId, service_provider_id: f.shared.serviceId });
    expect(data).toHaveLength(f.shared.numberCount);
    sortedBy(data, (n) => n.mobile_number);
    for (const n of data) {
      expect(n.mobile_number).toMatch(/^\+\d{8,15}$/);
      expect(n.price).toBeUndefined();
    }
  });

  it('lists Temporary numbers with the activation price', async () => {
    const data = await numbers({ mobile_number_type_id: 3, country_id: f.temporary.countryId, service_provider_id: f.temporary.serviceId });
    expect(data).toHaveLength(f.temporary.numberCount);
    for (const n of data) expect(n.price).toBe(f.temporary.priceCents / 100);
  });

  it('lists Private numbers of a country without a service', async () => {
    const data = await numbers({ mobile_number_type_id: 2, country_id: f.private.countryId });
    expect(data).toHaveLength(f.private.numberCount);
    const seeded = new Set(seedCatalog.numbers.filter((n) => n.countryId === f.private.countryId && n.typeId === 2).map((n) => n.numberId));
    for (const n of data) expect(seeded.has(n.id)).toBe(true);
  });

  it.each([
    ['unknown country', { mobile_number_type_id: 1, country_id: f.unknownCountryId, service_provider_id: f.shared.serviceId }],
    ['unknown service', { mobile_number_type_id: 1, country_id: f.shared.countryId, service_provider_id: f.unknownServiceId }],
    ['service not offered there', { mobile_number_type_id: 1, country_id: f.serviceNotOffered.countryId, service_provider_id: f.serviceNotOffered.serviceId }],
    ['Temporary not offered there', { mobile_number_type_id: 3, ...pick(f.temporaryNotOffered) }],
    ['no Private numbers there', { mobile_number_type_id: 2, country_id: f.countryWithoutPrivateOffer }],
    ['Private in an unknown country', { mobile_number_type_id: 2, country_id: f.unknownCountryId }],
  ])('404s %s', async (_case, body) => {
    expectError(await post('/get-numbers', body), 404);
  });

  it('400s malformed JSON', async () => {
    const error = expectError(await post('/get-numbers', '{"country_id": 1,', { raw: true }), 400);
    expect(error).toEqual({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  it('400s an empty body with the missing fields', async () => {
    const error = expectFieldErrors(await post('/get-numbers', '', { raw: true }), ['mobile_number_type_id']);
    expect(error.errors?.mobile_number_type_id).toEqual(['Required.']);
  });

  it.each([
    ['Shared without a service', { mobile_number_type_id: 1, country_id: 1 }, ['service_provider_id']],
    ['Temporary without a service', { mobile_number_type_id: 3, country_id: 1 }, ['service_provider_id']],
    ['no country', { mobile_number_type_id: 2 }, ['country_id']],
    ['unknown type', { mobile_number_type_id: 4, country_id: 1 }, ['mobile_number_type_id']],
    ['type as a string', { mobile_number_type_id: '1', country_id: 1, service_provider_id: 1 }, ['mobile_number_type_id']],
    ['id as a string', { mobile_number_type_id: 2, country_id: 'abc' }, ['country_id']],
    ['id as a numeric string', { mobile_number_type_id: 2, country_id: '1' }, ['country_id']],
    ['id as a boolean', { mobile_number_type_id: 2, country_id: true }, ['country_id']],
    ['id as an array', { mobile_number_type_id: 2, country_id: [1] }, ['country_id']],
    ['id null', { mobile_number_type_id: 2, country_id: null }, ['country_id']],
    ['id zero', { mobile_number_type_id: 2, country_id: 0 }, ['country_id']],
    ['id negative', { mobile_number_type_id: 2, country_id: -7 }, ['country_id']],
    ['id fractional', { mobile_number_type_id: 2, country_id: 1.5 }, ['country_id']],
    ['id huge', { mobile_number_type_id: 2, country_id: 1e300 }, ['country_id']],
    ['an extra field', { mobile_number_type_id: 2, country_id: 1, note: 'hi' }, ['note']],
    ['a service on Private', { mobile_number_type_id: 2, country_id: 1, service_provider_id: 1 }, ['service_provider_id']],
  ])('400s %s', async (_case, body, fields) => {
    expectFieldErrors(await post('/get-numbers', body), fields);
  });

  it.each([['[]'], ['"text"'], ['null'], ['42']])('400s the JSON body %s', async (raw) => {
    expectFieldErrors(await post('/get-numbers', raw, { raw: true }), ['body']);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'country_id=1&mobile_number_type_id=2'],
    ['text/plain', '{"country_id":1,"mobile_number_type_id":2}'], // what a cross-site form could send without preflight
  ])('415s a body sent as %s', async (contentType, raw) => {
    expectError(await post('/get-numbers', raw, { raw: true, contentType }), 415);
  });
});

describe('GET /api/private-numbers', () => {
  it('lists countries with Private numbers, with prices and the 1-week price', async () => {
    const reply = await get('/private-numbers');
    expect(reply.status).toBe(200);
    const { data } = privateCountriesReplySchema.parse(reply.json);
    expect(data).toHaveLength(seedCounts.privateOffers);
    sortedBy(data, (c) => c.name);
    expect(data.some((c) => c.id === f.countryWithoutPrivateOffer)).toBe(false);
    const sample = data.find((c) => c.id === f.private.countryId)!;
    expect(sample.price).toBe(f.private.oneWeekTotalCents / 100);
    expect(sample.url).toMatch(/^\/images\/flags\/[a-z]{2}\.svg$/);
  });
});

function pick({ countryId, serviceId }: { countryId: number; serviceId: number }) {
  return { country_id: countryId, service_provider_id: serviceId };
}

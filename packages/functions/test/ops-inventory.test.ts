import { apiUrl, expectError, expectFieldErrors, post, send } from './api'; // first: points this process at the local cloud
import { randomInt, randomUUID } from 'node:crypto';
import { mobileNumbersReplySchema, rentalReplySchema, type PurchaseRequest } from '@numbernest/contracts';
import {
  auditReplySchema,
  importNumbersReplySchema,
  maxImportRows,
  numberReplySchema,
  numbersReplySchema,
  type ImportNumberRow,
  type InventoryNumber,
} from '@numbernest/contracts/ops';
import { catalogFixture, seedCatalog } from '@numbernest/core/seed';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { openCountryIds, openOffer } from './own-numbers';

/**
 * The operators' inventory: GET/POST /api/ops/numbers, retire and unretire. Numbers are this
 * file's own: random E.164s drawn in open countries (own-numbers.ts), valid for their country,
 * so no other test file meets them.
 */

let operator: TestUser;
beforeAll(async () => {
  operator = await createOperator();
});

const countryOf = (id: number) => seedCatalog.countries.find((c) => c.id === id)!;
const isoOf = (countryId: number) => countryOf(countryId).iso.toUpperCase() as CountryCode;

/** As the import checks a number: valid, and of that very country (not another one sharing its calling code). */
const validIn = (e164: string, countryId: number) => {
  const number = parsePhoneNumberFromString(e164);
  return Boolean(number?.isValid() && number.country === isoOf(countryId));
};

/** The country's seeded numbers that libphonenumber-js takes as valid there (the seed draws some that are not). */
const validSeeded = (countryId: number) => seedCatalog.numbers.filter((n) => n.countryId === countryId && validIn(n.e164, countryId));

/** An open offer (own-numbers.ts) in a country with valid seeded numbers to model fresh ones on. */
const someOffer = () => openOffer({ where: (o) => validSeeded(o.countryId).length > 0 });
const somePrivateOffer = () => {
  const offers = seedCatalog.privateOffers.filter((p) => openCountryIds.includes(p.countryId) && validSeeded(p.countryId).length > 0);
  return offers[randomInt(offers.length)]!;
};

/** `count` fresh E.164s of a country, shaped like its seeded ones and valid by libphonenumber-js. */
function freshNumbers(countryId: number, count: number): string[] {
  const seeded = new Set(seedCatalog.numbers.map((n) => n.e164));
  const models = validSeeded(countryId).map((n) => n.e164);
  const out = new Set<string>();
  while (out.size < count) {
    const model = models[randomInt(models.length)]!;
    const tail = Math.min(7, model.length - 5);
    const e164 = model.slice(0, model.length - tail) + String(randomInt(10 ** tail)).padStart(tail, '0');
    if (validIn(e164, countryId) && !seeded.has(e164)) out.add(e164);
  }
  return [...out];
}

const rows = (e164s: string[], countryId: number, type = 1, source = 'twilio'): ImportNumberRow[] =>
  e164s.map((e164) => ({ e164, country_id: countryId, mobile_number_type_id: type, source }));

async function importRows(numbers: unknown[]) {
  const reply = await as(operator.idToken).post('/ops/numbers', { numbers });
  expect(reply.status, JSON.stringify(reply.json).slice(0, 500)).toBe(200);
  return importNumbersReplySchema.parse(reply.json).data;
}

async function list(query: Record<string, string | number>): Promise<{ data: InventoryNumber[]; next_cursor: string | null }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const reply = await as(operator.idToken).get(`/ops/numbers?${qs}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return numbersReplySchema.parse(reply.json);
}

/** Every number the list gives for a query, following the cursor. */
async function listAll(query: Record<string, string | number>): Promise<InventoryNumber[]> {
  const all: InventoryNumber[] = [];
  let cursor: string | null = null;
  do {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

const one = async (e164: string) => {
  const found = (await list({ search: e164.slice(1) })).data.filter((n) => n.e164 === e164);
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** The picker's numbers starting with `e164`'s digits: open countries hold other files' numbers too, more than a page. */
async function picker(body: Record<string, number>, e164: string) {
  const reply = await post('/get-numbers', { ...body, q: e164.slice(1) });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return mobileNumbersReplySchema.parse(reply.json).data.map((n) => n.mobile_number);
}

function buy(user: TestUser, body: PurchaseRequest) {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

async function auditEntries(action: string) {
  const reply = await as(operator.idToken).get('/ops/audit?limit=200');
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.operator.sub === operator.sub);
}

describe('POST /api/ops/numbers (import)', () => {
  it('adds valid numbers, normalised to E.164, at once in POST /api/get-numbers, with one audit entry', async () => {
    const offer = someOffer();
    const [a, b] = freshNumbers(offer.countryId, 2);
    // The second written as people write numbers: spaced, with its calling code.
    const spaced = `${b!.slice(0, 4)} ${b!.slice(4, 8)} ${b!.slice(8)}`;
    const result = await importRows([
      ...rows([a!], offer.countryId),
      { e164: spaced, country_id: offer.countryId, mobile_number_type_id: 1, source: 'twilio' },
    ]);
    expect(result).toEqual({ created: 2, skipped: [] });

    const query = { country_id: offer.countryId, mobile_number_type_id: 1, service_provider_id: offer.serviceId };
    expect(await picker(query, a!)).toContain(a);
    expect(await picker(query, b!)).toContain(b);

    const shown = await one(b!);
    expect(shown).toMatchObject({
      country_id: offer.countryId,
      mobile_number_type_id: 1,
      source: 'twilio',
      status: 'available',
      rentals: [],
      sms_count: 0,
      last_sms_at: null,
    });

    const [entry] = (await auditEntries('numbers.import')).filter((e) => (e.after as { e164s: string[] }).e164s.includes(a!));
    expect(entry?.after).toEqual({ rows: 2, created: 2, skipped: 0, e164s: [a, b] });
  });

  it('skips invalid rows with their reason: a number not of that country, not a number, an unknown country, a bad type or source', async () => {
    const offer = someOffer();
    const other = seedCatalog.countries.find((c) => countryOf(offer.countryId).dialCode !== c.dialCode && validSeeded(c.id).length > 0)!;
    const [good] = freshNumbers(offer.countryId, 1);
    const [foreign] = freshNumbers(other.id, 1);
    const [x1, x2, x3] = freshNumbers(offer.countryId, 3);
    const result = await importRows([
      ...rows([good!], offer.countryId, 3, 'gateway:gw-test-01:2'),
      ...rows([foreign!], offer.countryId),
      ...rows(['123'], offer.countryId), // too short for any country (12345 is a number in Germany and the Netherlands)
      ...rows([x1!], catalogFixture.unknownCountryId),
      ...rows([x2!], offer.countryId, 7),
      ...rows([x3!], offer.countryId, 1, 'carrier-pigeon'),
    ]);
    expect(result.created, JSON.stringify(result)).toBe(1);
    expect(result.skipped).toEqual([
      { e164: foreign, reason: 'not-in-country' },
      { e164: '123', reason: 'invalid-number' },
      { e164: x1, reason: 'unknown-country' },
      { e164: x2, reason: 'invalid-type' },
      { e164: x3, reason: 'invalid-source' },
    ]);
    expect(await one(good!)).toMatchObject({ mobile_number_type_id: 3, source: 'gateway:gw-test-01:2' });
  });

  it('reports duplicates within the request and against existing numbers, never writing one twice', async () => {
    const offer = someOffer();
    const [a, b, c] = freshNumbers(offer.countryId, 3);
    expect(await importRows(rows([a!], offer.countryId))).toEqual({ created: 1, skipped: [] });
    const result = await importRows(rows([a!, b!, c!, b!, c!], offer.countryId));
    expect(result.created).toBe(2);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { e164: b, reason: 'duplicate-in-request' },
        { e164: c, reason: 'duplicate-in-request' },
        { e164: a, reason: 'exists' },
      ]),
    );
    expect(result.skipped).toHaveLength(3);
    // A seeded number is ours already, too.
    const seeded = validSeeded(offer.countryId)[0]!;
    expect((await importRows(rows([seeded.e164], offer.countryId))).skipped).toEqual([{ e164: seeded.e164, reason: 'exists' }]);
  });

  it('takes 1,000 rows in one request; one row more is a 400', async () => {
    const offer = somePrivateOffer();
    const e164s = freshNumbers(offer.countryId, maxImportRows + 1);
    expectFieldErrors(await as(operator.idToken).post('/ops/numbers', { numbers: rows(e164s, offer.countryId, 2) }), ['numbers']);
    const result = await importRows(rows(e164s.slice(0, maxImportRows), offer.countryId, 2));
    expect(result).toEqual({ created: maxImportRows, skipped: [] });
    const listed = await listAll({ country_id: offer.countryId, mobile_number_type_id: 2, limit: 200 });
    const ours = new Set(e164s.slice(0, maxImportRows));
    expect(listed.filter((n) => ours.has(n.e164))).toHaveLength(maxImportRows);
  }, 120_000);

  it('two imports of the same numbers at the same moment create each once', async () => {
    const offer = someOffer();
    const e164s = freshNumbers(offer.countryId, 40);
    const [first, second] = await Promise.all([importRows(rows(e164s, offer.countryId)), importRows(rows([...e164s].reverse(), offer.countryId))]);
    expect(first.created + second.created).toBe(40);
    expect(first.skipped.length + second.skipped.length).toBe(40);
    for (const s of [...first.skipped, ...second.skipped]) expect(s.reason).toBe('exists');
    const { batchGetAll } = await import('@numbernest/core/db');
    const { catalogKeys } = await import('@numbernest/core/catalogue');
    const phones = await batchGetAll<{ e164: string; numberId: number }>(e164s.map((e) => catalogKeys.numberByPhone(e)));
    expect(phones).toHaveLength(40);
    const listed = await listAll({ country_id: offer.countryId, mobile_number_type_id: 1, search: e164s[0]!.slice(1, 6), limit: 200 });
    for (const e164 of e164s) {
      const rows = listed.filter((n) => n.e164 === e164);
      expect(rows.length, e164).toBeLessThanOrEqual(1);
    }
    // Each E.164 is one number: its listed id is the one its E.164 item names.
    for (const phone of phones) expect((await one(phone.e164)).id).toBe(phone.numberId);
  });

  it('refuses a body that is not rows', async () => {
    expectFieldErrors(await as(operator.idToken).post('/ops/numbers', { numbers: [] }), ['numbers']);
    expectFieldErrors(await as(operator.idToken).post('/ops/numbers', { numbers: [{ e164: '+1', country_id: 'x' }] }), [
      'numbers.0.country_id',
      'numbers.0.mobile_number_type_id',
      'numbers.0.source',
    ]);
  });
});

describe('POST /api/ops/numbers/{id}/retire', () => {
  it('stops offering a number and selling it, while its running rental runs its course and gets its SMS', async () => {
    const offer = somePrivateOffer();
    const [e164, spare] = freshNumbers(offer.countryId, 2);
    await importRows(rows([e164!, spare!], offer.countryId, 2));
    const number = await one(e164!);
    const alice = await userWithBalance(1_000_000);
    const bought = await buy(alice, { mobile_number_type_id: 2, mobile_number_id: number.id, rent_time_id: 1 });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const rental = rentalReplySchema.parse(bought.json).data;

    const rented = await one(e164!);
    expect(rented.status).toBe('rented');
    expect(rented.rentals).toEqual([{ id: rental.id, sub: alice.sub, email: alice.email, service_name: null, ends_at: rental.expires_at }]);

    expectFieldErrors(await as(operator.idToken).post(`/ops/numbers/${number.id}/retire`, {}), ['reason']);
    const reply = await as(operator.idToken).post(`/ops/numbers/${number.id}/retire`, { reason: 'SIM reported lost' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(numberReplySchema.parse(reply.json).data).toMatchObject({ status: 'retired', retired_reason: 'SIM reported lost', rentals: [{ id: rental.id }] });
    expectError(await as(operator.idToken).post(`/ops/numbers/${number.id}/retire`, { reason: 'again' }), 409, 'NUMBER_ALREADY_RETIRED');

    // The running rental still gets its SMS, counted on the number.
    const sent = await fetch(`${apiUrl}/_local/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: e164, from: 'Google', body: `G-${randomInt(100000, 999999)} is your Google verification code` }),
    });
    expect(sent.status).toBe(200);
    const afterSms = await one(e164!);
    expect(afterSms).toMatchObject({ status: 'retired', sms_count: 1 });
    expect(afterSms.last_sms_at).not.toBeNull();
    const current = rentalReplySchema.parse((await as(alice.idToken).get(`/user/rentals/${rental.id}`)).json).data;
    expect(current).toMatchObject({ status: 'active', messages_count: 1 });

    // Ended: the number is not offered again, and cannot be bought.
    expect((await as(alice.idToken).post(`/user/rentals/${rental.id}/close`)).status).toBe(200);
    expect(await one(e164!)).toMatchObject({ status: 'retired', rentals: [] });
    expect(await picker({ country_id: offer.countryId, mobile_number_type_id: 2 }, e164!)).not.toContain(e164);
    expectError(await buy(alice, { mobile_number_type_id: 2, mobile_number_id: number.id, rent_time_id: 1 }), 409, 'NUMBER_TAKEN');

    const [entry] = (await auditEntries('numbers.retire')).filter((e) => e.target.id === String(number.id));
    expect(entry).toMatchObject({
      target: { type: 'number' },
      before: { e164, status: 'rented' },
      after: { e164, status: 'retired' },
      reason: 'SIM reported lost',
    });
  });

  it('a retired Shared number is out of the picker and refused; unretire offers it again', async () => {
    const offer = someOffer();
    const [e164] = freshNumbers(offer.countryId, 1);
    await importRows(rows([e164!], offer.countryId));
    const number = await one(e164!);
    expect((await as(operator.idToken).post(`/ops/numbers/${number.id}/retire`, { reason: 'Carrier ends the range' })).status).toBe(200);
    const query = { country_id: offer.countryId, mobile_number_type_id: 1, service_provider_id: offer.serviceId };
    expect(await picker(query, e164!)).not.toContain(e164);
    const bob = await userWithBalance(1_000_000);
    const request: PurchaseRequest = { mobile_number_type_id: 1, mobile_number_id: number.id, service_provider_id: offer.serviceId, rent_time_id: 1 };
    expectError(await buy(bob, request), 409, 'NUMBER_TAKEN');

    const back = await as(operator.idToken).post(`/ops/numbers/${number.id}/unretire`);
    expect(numberReplySchema.parse(back.json).data).toMatchObject({ status: 'available', retired_at: null });
    expectError(await as(operator.idToken).post(`/ops/numbers/${number.id}/unretire`), 409, 'NUMBER_NOT_RETIRED');
    expect(await picker(query, e164!)).toContain(e164);
    expect((await buy(bob, request)).status).toBe(201);
    expect(await one(e164!)).toMatchObject({ status: 'rented', rentals: [{ sub: bob.sub, service_name: offer.name }] });
    const rentedHere = await listAll({ country_id: offer.countryId, mobile_number_type_id: 1, status: 'rented', limit: 200 });
    expect(rentedHere.map((n) => n.e164)).toContain(e164);
    const [entry] = (await auditEntries('numbers.unretire')).filter((e) => e.target.id === String(number.id));
    expect(entry).toMatchObject({ before: { status: 'retired' }, after: { status: 'available' } });
  });

  it('an unknown number is a 404', async () => {
    expectError(await as(operator.idToken).post('/ops/numbers/999999999/retire', { reason: 'no such number' }), 404, 'NUMBER_NOT_FOUND');
  });
});

describe('GET /api/ops/numbers', () => {
  it('filters by country, type, status, source and digits, and pages with a cursor', async () => {
    const offer = someOffer();
    const e164s = freshNumbers(offer.countryId, 6);
    const device = `gw-inv-${randomInt(1e6)}`;
    await importRows([
      ...rows(e164s.slice(0, 3), offer.countryId, 1),
      ...rows(e164s.slice(3, 5), offer.countryId, 3, `gateway:${device}:1`),
      ...rows(e164s.slice(5), offer.countryId, 3, `gateway:${device}:2`),
    ]);
    const retired = await one(e164s[0]!);
    await as(operator.idToken).post(`/ops/numbers/${retired.id}/retire`, { reason: 'filter test' });

    const ours = (list: InventoryNumber[]) =>
      list
        .filter((n) => e164s.includes(n.e164))
        .map((n) => n.e164)
        .sort();
    const base = { country_id: offer.countryId, limit: 200 };
    expect(ours(await listAll({ ...base, mobile_number_type_id: 1 }))).toEqual(e164s.slice(0, 3).sort());
    expect(ours(await listAll({ ...base, mobile_number_type_id: 3 }))).toEqual(e164s.slice(3).sort());
    expect(ours(await listAll({ ...base, status: 'retired' }))).toEqual([e164s[0]]);
    expect(ours(await listAll({ ...base, status: 'available' }))).toEqual(e164s.slice(1).sort());
    // Sources: the phone, one SIM of it, the provider without a country.
    expect(ours(await listAll({ ...base, source: `gateway:${device}` }))).toEqual(e164s.slice(3).sort());
    expect(ours(await listAll({ source: `gateway:${device}:2`, limit: 200 }))).toEqual([e164s[5]]);
    expect(ours(await listAll({ ...base, source: 'twilio', mobile_number_type_id: 1 }))).toEqual(e164s.slice(0, 3).sort());
    // Digits anywhere, formatting ignored; across all countries.
    const digits = e164s[4]!.slice(-7);
    expect((await listAll({ search: `${digits.slice(0, 3)} ${digits.slice(3)}`, limit: 200 })).map((n) => n.e164)).toContain(e164s[4]);

    // Pages of two, in order, nothing twice.
    const page1 = await list({ ...base, source: `gateway:${device}`, limit: 2 });
    expect(page1.data).toHaveLength(2);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await list({ ...base, source: `gateway:${device}`, limit: 2, cursor: page1.next_cursor! });
    expect([...page1.data, ...page2.data].map((n) => n.e164).sort()).toEqual(e164s.slice(3).sort());

    expectFieldErrors(await as(operator.idToken).get('/ops/numbers?status=lost&mobile_number_type_id=4&source=pigeon'), [
      'status',
      'mobile_number_type_id',
      'source',
    ]);
  });
});

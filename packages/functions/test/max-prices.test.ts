import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { maxPriceReplySchema, maxPricesReplySchema, NumberType, statusReplySchema } from '@numbernest/contracts';
import { protocolTextAnswerSchema } from '@numbernest/contracts/handler-api';
import { seedCatalog } from '@numbernest/core/seed';
import { post as postUpstream, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, send } from './api';
import { userWithKey } from './api-keys';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { ownNumbers } from './own-numbers';

/**
 * Saved price limits per service: the developer context's store, its JSON routes
 * (`/api/user/max-prices`, Account → API), and handler_api holding every purchase that names no
 * maxPrice of its own to the saved limit (getNumber, getNumberV2, getExtraActivation).
 */

const { listMaxPrices, saveMaxPrice, removeMaxPrice, maxPriceCentsFor } = await import('@numbernest/core/developer');
const { ValidationError } = await import('@numbernest/core/errors');

const service = (slug: string) => seedCatalog.services.find((s) => s.slug === slug)!;
const country = (iso: string) => seedCatalog.countries.find((c) => c.iso === iso)!;
const temporaryPrice = (iso: string, slug: string) =>
  seedCatalog.offers.find((o) => o.countryId === country(iso).id && o.serviceId === service(slug).id)!.temporaryPriceCents!;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Every purchase here is Google in Sweden, a country no other test file buys in or adds numbers to (own-numbers.ts). */
const market = { iso: 'se', country: '46' } as const;
const google = service('google');
const price = temporaryPrice(market.iso, 'google');

beforeAll(async () => {
  await ownNumbers(NumberType.Temporary, country(market.iso).id, 12);
});

async function answer(params: Record<string, string>): Promise<string> {
  const response = await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams(params).toString()}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  if ((response.headers.get('content-type') ?? '').includes('text/plain')) expect(protocolTextAnswerSchema.safeParse(text).success, text).toBe(true);
  return text;
}

const accessNumber = /^ACCESS_NUMBER:(\d+):(\d+)$/;
function parsedNumber(text: string) {
  const match = accessNumber.exec(text);
  expect(match, text).not.toBeNull();
  return { id: match![1]!, phone: match![2]! };
}

async function sms(to: string, from: string, body: string) {
  const reply = await postUpstream(twilioInboundRequest({ appUrl: apiUrl, to, from, body }));
  expect(reply.status, reply.body).toBe(200);
}

/** A customer's limit through the JSON route, as the web saves it (dollars). */
async function saveLimit(user: TestUser, serviceId: number, cents: number) {
  const reply = await as(user.idToken).put(`/user/max-prices/${serviceId}`, { price: cents / 100 });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return maxPriceReplySchema.parse(reply.json).data;
}

async function removeLimit(user: TestUser, serviceId: number) {
  const reply = await as(user.idToken).delete(`/user/max-prices/${serviceId}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  statusReplySchema.parse(reply.json);
}

/** The field problems of a refused save, by field. */
async function refusal(save: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await save.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ValidationError);
  const fields = (error as InstanceType<typeof ValidationError>).fieldErrors;
  return Object.fromEntries(Object.entries(fields).map(([field, problems]) => [field, problems.map((p) => p.code)]));
}

describe('price limits: the store', () => {
  it('saves one per service, updates it in place keeping when it was made, lists by service id, removes', async () => {
    const sub = randomUUID();
    expect(await listMaxPrices(sub)).toEqual([]);
    expect(await maxPriceCentsFor(sub, google.id)).toBeUndefined();

    const telegram = service('telegram');
    const [high, low] = google.id > telegram.id ? [google, telegram] : [telegram, google];
    const first = await saveMaxPrice(sub, high.id, 50);
    expect(first).toEqual({ serviceId: high.id, priceCents: 50, createdAt: expect.any(String), updatedAt: first.createdAt });
    await saveMaxPrice(sub, low.id, 1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 5)); // so the update's time differs from the first save's

    const updated = await saveMaxPrice(sub, high.id, 1);
    expect(updated).toEqual({ serviceId: high.id, priceCents: 1, createdAt: first.createdAt, updatedAt: expect.any(String) });
    expect(updated.updatedAt > first.createdAt).toBe(true);
    expect(await maxPriceCentsFor(sub, high.id)).toBe(1);
    expect((await listMaxPrices(sub)).map((m) => [m.serviceId, m.priceCents])).toEqual([
      [low.id, 1_000_000],
      [high.id, 1],
    ]);
    // Another customer's limits are their own.
    expect(await listMaxPrices(randomUUID())).toEqual([]);

    expect(await removeMaxPrice(sub, high.id)).toBe(true);
    expect(await removeMaxPrice(sub, high.id)).toBe(false);
    expect(await maxPriceCentsFor(sub, high.id)).toBeUndefined();
    expect((await listMaxPrices(sub)).map((m) => m.serviceId)).toEqual([low.id]);
  });

  it('refuses a price outside 1 cent to $10,000, parts of a cent and a service the catalogue lacks, saving nothing', async () => {
    const sub = randomUUID();
    expect(await refusal(saveMaxPrice(sub, google.id, 0))).toEqual({ price: ['TOO_SMALL'] });
    expect(await refusal(saveMaxPrice(sub, google.id, -5))).toEqual({ price: ['TOO_SMALL'] });
    expect(await refusal(saveMaxPrice(sub, google.id, 1_000_001))).toEqual({ price: ['TOO_BIG'] });
    expect(await refusal(saveMaxPrice(sub, google.id, 12.5))).toEqual({ price: ['TOO_MANY_DECIMALS'] });
    expect(await refusal(saveMaxPrice(sub, 99_999, 100))).toEqual({ service_id: ['UNKNOWN_SERVICE'] });
    expect(await refusal(saveMaxPrice(sub, 99_999, 0))).toEqual({ price: ['TOO_SMALL'], service_id: ['UNKNOWN_SERVICE'] });
    expect(await listMaxPrices(sub)).toEqual([]);
  });
});

describe('price limits: /api/user/max-prices', () => {
  it('lists, saves in dollars, changes in place, removes (404 when none); each customer sees only their own', async () => {
    const user = await userWithBalance(0);
    const api = as(user.idToken);
    expect(maxPricesReplySchema.parse((await api.get('/user/max-prices')).json)).toEqual({ message: 'success', data: [] });

    const saved = await saveLimit(user, google.id, 35);
    expect(saved).toEqual({ service_id: google.id, price: 0.35, created_at: expect.any(String), updated_at: saved.created_at });
    const changed = await saveLimit(user, google.id, 1_000_000);
    expect(changed).toMatchObject({ service_id: google.id, price: 10_000, created_at: saved.created_at });
    await saveLimit(user, service('telegram').id, 1);
    const listed = maxPricesReplySchema.parse((await api.get('/user/max-prices')).json).data;
    expect(listed.map((m) => [m.service_id, m.price])).toEqual(
      [
        [google.id, 10_000],
        [service('telegram').id, 0.01],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(await maxPriceCentsFor(user.sub, google.id)).toBe(1_000_000);

    const other = await userWithBalance(0);
    expect(maxPricesReplySchema.parse((await as(other.idToken).get('/user/max-prices')).json).data).toEqual([]);
    expectError(await as(other.idToken).delete(`/user/max-prices/${google.id}`), 404, 'MAX_PRICE_NOT_FOUND');

    await removeLimit(user, google.id);
    expectError(await api.delete(`/user/max-prices/${google.id}`), 404, 'MAX_PRICE_NOT_FOUND');
    expect(maxPricesReplySchema.parse((await api.get('/user/max-prices')).json).data.map((m) => m.service_id)).toEqual([service('telegram').id]);
  });

  it('refuses a price that is not 0.01 to 10,000 dollars in cents, a service the catalogue lacks, and a caller not signed in', async () => {
    const user = await userWithBalance(0);
    const api = as(user.idToken);
    const path = `/user/max-prices/${google.id}`;
    for (const price of [0, -1, 0.001, 1.234, 10_000.01, '1.00', null, true])
      expect(expectFieldErrors(await api.put(path, { price }), ['price']).fields?.price?.[0]?.code, String(price)).toBeDefined();
    expect(expectFieldErrors(await api.put(path, { price: 10_000.01 }), ['price']).fields?.price?.[0]?.code).toBe('TOO_BIG');
    expect(expectFieldErrors(await api.put(path, { price: 1.234 }), ['price']).fields?.price?.[0]?.code).toBe('TOO_MANY_DECIMALS');
    expectFieldErrors(await api.put(path, {}), ['price']);
    expectFieldErrors(await api.put(path, { price: 1, service: 'go' }), ['service']);
    expect(expectFieldErrors(await api.put('/user/max-prices/99999', { price: 1 }), ['service_id']).fields?.service_id?.[0]?.code).toBe('UNKNOWN_SERVICE');
    expectFieldErrors(await api.put('/user/max-prices/abc', { price: 1 }), ['serviceId']);
    expectFieldErrors(await api.delete('/user/max-prices/0'), ['serviceId']);
    expect(maxPricesReplySchema.parse((await api.get('/user/max-prices')).json).data).toEqual([]);

    expect((await send('GET', '/user/max-prices')).status).toBe(401);
    expect((await send('PUT', path, { headers: { 'content-type': 'application/json' }, body: '{"price":1}' })).status).toBe(401);
    expect((await send('DELETE', path)).status).toBe(401);
  });
});

describe('price limits: handler_api', () => {
  it('getNumber without maxPrice is held to the saved limit; an explicit maxPrice overrides it; removed, it buys', async () => {
    const { user, key } = await userWithKey();
    const before = await balanceOf(user);
    await saveLimit(user, google.id, price - 1);
    const buy = { api_key: key, action: 'getNumber', service: 'go', country: market.country };

    expect(await answer(buy)).toBe(`WRONG_MAX_PRICE:${dollars(price)}`);
    expect(await answer({ ...buy, action: 'getNumberV2' })).toBe(`WRONG_MAX_PRICE:${dollars(price)}`);
    expect(await answer({ ...buy, maxPrice: '' })).toBe(`WRONG_MAX_PRICE:${dollars(price)}`);
    expect(await balanceOf(user)).toBe(before);
    // A limit of another service does not touch this one.
    await saveLimit(user, service('telegram').id, 1);

    parsedNumber(await answer({ ...buy, maxPrice: dollars(price + 1) }));
    expect(await balanceOf(user)).toBe(before - price);
    // An explicit maxPrice is the limit, whatever is saved.
    expect(await answer({ ...buy, maxPrice: dollars(price - 1) })).toBe(`WRONG_MAX_PRICE:${dollars(price)}`);

    // At the price exactly, the saved limit lets it through.
    await saveLimit(user, google.id, price);
    parsedNumber(await answer(buy));
    expect(await balanceOf(user)).toBe(before - 2 * price);

    await saveLimit(user, google.id, price - 1);
    expect(await answer(buy)).toBe(`WRONG_MAX_PRICE:${dollars(price)}`);
    await removeLimit(user, google.id);
    parsedNumber(await answer(buy));
    expect(await balanceOf(user)).toBe(before - 3 * price);
  });

  it('getExtraActivation is held to the saved limit as getNumber is', async () => {
    const { user, key } = await userWithKey();
    const { id, phone } = parsedNumber(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }));
    await sms(`+${phone}`, 'Google', 'G-246810 is your Google verification code');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:246810');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '6' })).toBe('ACCESS_ACTIVATION');
    const before = await balanceOf(user);

    await saveLimit(user, google.id, price - 1);
    expect(await answer({ api_key: key, action: 'getExtraActivation', activationId: id })).toBe(`WRONG_MAX_PRICE:${dollars(price)}`);
    expect(await balanceOf(user)).toBe(before);

    await removeLimit(user, google.id);
    expect(parsedNumber(await answer({ api_key: key, action: 'getExtraActivation', activationId: id })).phone).toBe(phone);
    expect(await balanceOf(user)).toBe(before - price);
  });
});

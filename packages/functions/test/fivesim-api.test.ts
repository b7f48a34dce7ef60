import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { rentalsReplySchema } from '@numbernest/contracts';
import { fiveSimAnswerSchemas, fiveSimRefusals, fiveSimRoutes, type FiveSimOrder } from '@numbernest/contracts/fivesim';
import { countryIdOfIso } from '@numbernest/core/catalogue';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { setKeyBucket, userWithKey } from './api-keys';
import { FiveSimAPI, InsufficientBalanceError, type Order } from './fivesim-client';
import { as, balanceOf } from './auth-users';
import { backdateRental } from './rental-clock';
import { smsTo, until } from './rent-own';

/**
 * The 5sim-compatible API (/v1/…) through the local gateway: an unmodified 5sim client from npm
 * (`fivesim-api`), pointed at us by changing only its base URL, and every route's answer read against
 * 5sim's documented shape (@numbernest/contracts/fivesim) field by field. Purchases are in the
 * Netherlands, this file's alone (own-numbers.ts keeps other files' numbers out).
 */

const netherlands = seedCatalog.countries.find((c) => c.iso === 'nl')!;
const google = seedCatalog.services.find((s) => s.slug === 'google')!;
const googlePriceCents = seedCatalog.offers.find((o) => o.countryId === netherlands.id && o.serviceId === google.id)!.temporaryPriceCents!;
const dollars = (cents: number) => cents / 100;

type RouteKey = keyof typeof fiveSimAnswerSchemas;

interface Reply {
  status: number;
  contentType: string;
  text: string;
  json?: unknown;
}

/**
 * One raw request of the API; a JSON answer of `route` is read with its documented schema (strict:
 * a field too many or missing fails), a plain-text one must be one of 5sim's refusals.
 */
async function fiveSim(
  route: RouteKey | `${string} ${string}`,
  path: string,
  init: { key?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const [method] = route.split(' ');
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { accept: 'application/json', ...(init.key ? { authorization: `Bearer ${init.key}` } : {}), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) return { status: response.status, contentType, text };
  const json: unknown = JSON.parse(text);
  const schema = fiveSimAnswerSchemas[route as RouteKey];
  expect(schema, `no schema for ${route}`).toBeDefined();
  const parsed = schema.safeParse(json);
  expect(parsed.success, `${route}: ${text} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  return { status: response.status, contentType, text, json };
}

/** A refusal, exactly as 5sim writes it: its status, plain text, its sentence. */
function expectRefusal(reply: Reply, refusal: keyof typeof fiveSimRefusals) {
  expect({ status: reply.status, text: reply.text }).toEqual({ status: fiveSimRefusals[refusal].status, text: fiveSimRefusals[refusal].text });
  expect(reply.contentType).toContain('text/plain');
}

const order = (reply: Reply) => {
  expect(reply.status, reply.text).toBe(200);
  return reply.json as FiveSimOrder;
};

/** An activation of Google in the Netherlands, bought through the API. */
const buyGoogle = async (key: string, query = '') =>
  order(await fiveSim('GET /v1/user/buy/activation/{country}/{operator}/{product}', `/v1/user/buy/activation/netherlands/any/google${query}`, { key }));

const googleCode = (phone: string, code: string) => smsTo(phone, `G-${code} is your Google verification code`);

describe('an unmodified 5sim client (fivesim-api from npm), only its base URL changed', () => {
  it('reads the profile, buys an activation, waits for its SMS, reads the code and finishes; the same activation through handler_api and the web', async () => {
    const { user, key } = await userWithKey(5_00);
    const client = new FiveSimAPI(key);
    const profile = await client.getProfile();
    expect(profile).toMatchObject({ email: user.email, balance: 5, rating: 96, frozen_balance: 0 });

    const bought: Order = await client.buyActivationNumber('netherlands', 'any', 'google');
    expect(bought).toMatchObject({
      status: 'PENDING',
      product: 'google',
      country: 'netherlands',
      operator: 'any',
      price: dollars(googlePriceCents),
      sms: null,
    });
    expect((await client.getProfile()).balance).toBe(dollars(500 - googlePriceCents));

    await googleCode(bought.phone, '481516');
    const received = await until('the SMS', async () => {
      const checked = await client.checkOrder(bought.id);
      return checked.status === 'RECEIVED' && checked;
    });
    expect(received.sms).toEqual([expect.objectContaining({ sender: 'Google', code: '481516', text: 'G-481516 is your Google verification code' })]);

    // The same activation through the SMS-Activate protocol and on the web.
    const status = await (
      await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getStatus', id: String(bought.id) })}`)
    ).text();
    expect(status).toBe('STATUS_OK:481516');
    const rentals = rentalsReplySchema.parse((await as(user.idToken).get('/user/rentals')).json).data.data;
    expect(rentals.find((r) => r.number === bought.phone)).toBeDefined();

    expect(await client.finishOrder(bought.id)).toMatchObject({ id: bought.id, status: 'FINISHED' });
    expect((await client.getSMSInbox(bought.id)).Data.map((sms) => sms.code)).toEqual(['481516']);
    const history = await client.getOrderHistory({ category: 'activation' });
    expect(history.Total).toBe(1);
    expect(history.Data[0]).toMatchObject({ id: bought.id, status: 'FINISHED' });
  }, 60_000);

  it('cancels one (refunded in full) and bans one (refunded, reported)', async () => {
    const { user, key } = await userWithKey(5_00);
    const client = new FiveSimAPI(key);
    const cancelled = await client.buyActivationNumber('netherlands', 'any', 'google');
    const banned = await client.buyActivationNumber('netherlands', 'any', 'google');
    expect(await balanceOf(user)).toBe(500 - 2 * googlePriceCents);

    // Too early to cancel, as on the web: 5sim's "you need to wait time".
    expectRefusal(await fiveSim('GET /v1/user/cancel/{id}', `/v1/user/cancel/${cancelled.id}`, { key }), 'waitTime');
    const { findActivation } = await import('@numbernest/core/rentals');
    await backdateRental(user.sub, (await findActivation(cancelled.id))!.rentalId, 3);
    expect(await client.cancelOrder(cancelled.id)).toMatchObject({ id: cancelled.id, status: 'CANCELED', price: dollars(googlePriceCents) });
    expect(await client.banOrder(banned.id)).toMatchObject({ id: banned.id, status: 'BANNED' });
    expect(await balanceOf(user)).toBe(500);
    expect((await client.getProfile()).balance).toBe(5);

    const payments = await client.getPaymentHistory();
    expect(payments.Data.map((p) => p.TypeName)).toEqual(['refund', 'refund', 'purchase', 'purchase', 'adjustment']);
    expect(payments.Total).toBe(5);
  }, 60_000);

  it('reads products, countries and prices as a guest, saves and removes a price limit, and refuses in its own words', async () => {
    const products = await FiveSimAPI.getProducts('netherlands', 'any');
    expect(products.google).toMatchObject({ Category: 'activation', Price: dollars(googlePriceCents) });
    expect(products['1week']).toMatchObject({ Category: 'hosting' });
    const countries = await FiveSimAPI.getCountries();
    expect(countries.netherlands).toMatchObject({ iso: { nl: 1 }, prefix: { '+31': 1 }, text_en: 'Netherlands', text_ru: 'Нидерланды' });
    const prices = await FiveSimAPI.getPricesByCountryAndProduct('netherlands', 'google');
    expect(prices).toEqual({ netherlands: { google: { any: { cost: dollars(googlePriceCents), count: expect.any(Number) } } } });

    const { key } = await userWithKey(1);
    const client = new FiveSimAPI(key);
    await client.setPriceLimit({ product_name: 'google', price: 0.01 });
    expect(await client.getPriceLimits()).toEqual([{ id: google.id, product: 'google', price: 0.01, CreatedAt: expect.any(String) }]);
    await client.deletePriceLimit({ product_name: 'google' });
    expect(await client.getPriceLimits()).toEqual([]);
    await expect(client.buyActivationNumber('netherlands', 'any', 'google')).rejects.toBeInstanceOf(InsufficientBalanceError);
  }, 60_000);
});

describe('every route against 5sim’s documented shape', () => {
  it('guest routes: countries, products, prices (all, by country, by product, both), flash', async () => {
    const countries = (await fiveSim('GET /v1/guest/countries', '/v1/guest/countries')).json as Record<string, unknown>;
    expect(Object.keys(countries)).toContain('england');
    const any = (await fiveSim('GET /v1/guest/products/{country}/{operator}', '/v1/guest/products/any/any')).json as Record<string, { Category: string }>;
    expect(any.telegram?.Category).toBe('activation');
    expect(any['1month']?.Category).toBe('hosting');
    expect((await fiveSim('GET /v1/guest/products/{country}/{operator}', '/v1/guest/products/netherlands/vodafone')).json).toEqual({});
    expectRefusal(await fiveSim('GET /v1/guest/products/{country}/{operator}', '/v1/guest/products/atlantis/any'), 'badCountry');
    const all = (await fiveSim('GET /v1/guest/prices', '/v1/guest/prices')).json as Record<string, Record<string, unknown>>;
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['usa', 'england', 'netherlands']));
    const byCountry = (await fiveSim('GET /v1/guest/prices', '/v1/guest/prices?country=england')).json as Record<string, unknown>;
    expect(Object.keys(byCountry)).toEqual(['england']);
    const byProduct = (await fiveSim('GET /v1/guest/prices', '/v1/guest/prices?product=telegram')).json as Record<string, Record<string, unknown>>;
    for (const products of Object.values(byProduct)) expect(Object.keys(products)).toEqual(['telegram']);
    expectRefusal(await fiveSim('GET /v1/guest/prices', '/v1/guest/prices?product=pigeonpost'), 'noProduct');
    expect((await fiveSim('GET /v1/guest/flash/{lang}', '/v1/guest/flash/en')).json).toEqual({ text: '' });
  });

  it('a user route needs a live key: none or a wrong one is 401, as 5sim answers', async () => {
    expectRefusal(await fiveSim('GET /v1/user/profile', '/v1/user/profile'), 'unauthorized');
    expectRefusal(await fiveSim('GET /v1/user/profile', '/v1/user/profile', { key: `nn_${'x'.repeat(32)}` }), 'unauthorized');
  });

  it('profile, buy (refusals included), check, finish, sms inbox, reuse, orders, payments', async () => {
    const { user, key } = await userWithKey(3_00);
    const profile = (await fiveSim('GET /v1/user/profile', '/v1/user/profile', { key })).json;
    expect(profile).toMatchObject({ balance: 3, default_operator: { name: '' } });

    const buyPath = (country: string, operator: string, product: string, query = '') => `/v1/user/buy/activation/${country}/${operator}/${product}${query}`;
    const buyRoute = 'GET /v1/user/buy/activation/{country}/{operator}/{product}' as const;
    expectRefusal(await fiveSim(buyRoute, buyPath('atlantis', 'any', 'google'), { key }), 'badCountry');
    expectRefusal(await fiveSim(buyRoute, buyPath('netherlands', 'vodafone', 'google'), { key }), 'badOperator');
    expectRefusal(await fiveSim(buyRoute, buyPath('netherlands', 'any', 'pigeonpost'), { key }), 'noProduct');
    expectRefusal(await fiveSim(buyRoute, buyPath('netherlands', 'any', 'google', '?maxPrice=0.01'), { key }), 'noFreePhones');
    expectRefusal(await fiveSim(buyRoute, buyPath('netherlands', 'any', 'google', '?maxPrice=abc'), { key }), 'badRequest');
    expect(await balanceOf(user)).toBe(300);

    const idempotencyKey = randomUUID();
    const first = await buyGoogle(key, '?reuse=1');
    const twice = [
      order(await fiveSim(buyRoute, buyPath('netherlands', 'any', 'google'), { key, headers: { 'idempotency-key': idempotencyKey } })),
      order(await fiveSim(buyRoute, buyPath('netherlands', 'any', 'google'), { key, headers: { 'idempotency-key': idempotencyKey } })),
    ];
    expect(twice[1]!.id).toBe(twice[0]!.id);
    expect(await balanceOf(user)).toBe(300 - 2 * googlePriceCents);

    expectRefusal(await fiveSim('GET /v1/user/finish/{id}', `/v1/user/finish/${first.id}`, { key }), 'orderNoSms');
    expect(order(await fiveSim('GET /v1/user/check/{id}', `/v1/user/check/${first.id}`, { key }))).toMatchObject({ status: 'PENDING', sms: [] });
    await googleCode(first.phone, '271828');
    await until('the SMS', async () => order(await fiveSim('GET /v1/user/check/{id}', `/v1/user/check/${first.id}`, { key })).status === 'RECEIVED');
    expectRefusal(await fiveSim('GET /v1/user/cancel/{id}', `/v1/user/cancel/${first.id}`, { key }), 'orderHasSms');
    const inbox = (await fiveSim('GET /v1/user/sms/inbox/{id}', `/v1/user/sms/inbox/${first.id}`, { key })).json as { Total: number };
    expect(inbox.Total).toBe(1);
    expect(order(await fiveSim('GET /v1/user/finish/{id}', `/v1/user/finish/${first.id}`, { key })).status).toBe('FINISHED');
    expectRefusal(await fiveSim('GET /v1/user/finish/{id}', `/v1/user/finish/${first.id}`, { key }), 'orderExpired');

    // The same number again for Google: a new order on it.
    const reuseRoute = 'GET /v1/user/reuse/{product}/{number}' as const;
    const again = order(await fiveSim(reuseRoute, `/v1/user/reuse/google/${first.phone.slice(1)}`, { key }));
    expect(again).toMatchObject({ phone: first.phone, product: 'google', status: 'PENDING' });
    expect(again.id).not.toBe(first.id);
    expectRefusal(await fiveSim(reuseRoute, `/v1/user/reuse/google/${twice[0]!.phone.slice(1)}`, { key }), 'reuseFalse');
    expectRefusal(await fiveSim(reuseRoute, '/v1/user/reuse/google/31600000000', { key }), 'reuseNotPossible');

    // Someone else's order is no order of ours.
    const other = await userWithKey(0);
    expectRefusal(await fiveSim('GET /v1/user/check/{id}', `/v1/user/check/${first.id}`, { key: other.key }), 'orderNotFound');

    const orders = (await fiveSim('GET /v1/user/orders', '/v1/user/orders?category=activation&limit=2&offset=0&order=id&reverse=true', { key })).json as {
      Data: FiveSimOrder[];
      Total: number;
    };
    expect(orders.Total).toBe(3);
    expect(orders.Data.map((o) => o.id)).toEqual([again.id, twice[0]!.id]);
    const oldest = (await fiveSim('GET /v1/user/orders', '/v1/user/orders?category=activation&limit=1&reverse=false', { key })).json as {
      Data: FiveSimOrder[];
    };
    expect(oldest.Data.map((o) => o.id)).toEqual([first.id]);
    expectRefusal(await fiveSim('GET /v1/user/orders', '/v1/user/orders', { key }), 'badRequest');
    const payments = (await fiveSim('GET /v1/user/payments', '/v1/user/payments?limit=1', { key })).json as {
      Data: Array<{ TypeName: string; Balance: number }>;
      Total: number;
    };
    expect(payments.Total).toBe(4);
    expect(payments.Data).toEqual([expect.objectContaining({ TypeName: 'purchase', Balance: dollars(await balanceOf(user)) })]);

    // Cancel (two minutes on) and ban, answered as orders.
    const { findActivation } = await import('@numbernest/core/rentals');
    await backdateRental(user.sub, (await findActivation(twice[0]!.id))!.rentalId, 3);
    expect(order(await fiveSim('GET /v1/user/cancel/{id}', `/v1/user/cancel/${twice[0]!.id}`, { key }))).toMatchObject({ status: 'CANCELED', sms: [] });
    expect(order(await fiveSim('GET /v1/user/ban/{id}', `/v1/user/ban/${again.id}`, { key }))).toMatchObject({ status: 'BANNED' });
    expectRefusal(await fiveSim('GET /v1/user/cancel/{id}', `/v1/user/cancel/${twice[0]!.id}`, { key }), 'orderExpired');
    expect(await balanceOf(user)).toBe(300 - googlePriceCents);
  }, 90_000);

  it('answers past the key’s rate as 5sim does: 429', async () => {
    const { key } = await userWithKey(0);
    await setKeyBucket(key, { emptyForMs: 60_000 });
    expectRefusal(await fiveSim('GET /v1/user/profile', '/v1/user/profile', { key }), 'rateLimit');
  });

  it('hosting: a Private number for a week, listed under hosting, finished by the web’s close', async () => {
    const { key } = await userWithKey(100_00);
    const hostingRoute = 'GET /v1/user/buy/hosting/{country}/{operator}/{product}' as const;
    expectRefusal(await fiveSim(hostingRoute, '/v1/user/buy/hosting/netherlands/any/1year', { key }), 'noProduct');
    const hosted = order(await fiveSim(hostingRoute, '/v1/user/buy/hosting/netherlands/any/1day', { key }));
    expect(hosted).toMatchObject({ product: '1week', status: 'PENDING', sms: [] });
    expect(Date.parse(hosted.expires) - Date.parse(hosted.created_at)).toBe(7 * 86_400_000);
    expectRefusal(await fiveSim('GET /v1/user/ban/{id}', `/v1/user/ban/${hosted.id}`, { key }), 'hostingOrder');
    const listed = (await fiveSim('GET /v1/user/orders', '/v1/user/orders?category=hosting', { key })).json as { Data: FiveSimOrder[]; Total: number };
    expect(listed).toMatchObject({ Total: 1, Data: [{ id: hosted.id }] });
    expect(order(await fiveSim('GET /v1/user/finish/{id}', `/v1/user/finish/${hosted.id}`, { key })).status).not.toBe('PENDING');
  }, 60_000);

  it('max-prices: saved per product (JSON or form), listed, applied to handler_api’s getNumber too, removed', async () => {
    const { user, key } = await userWithKey(2_00);
    const post = (body: string, contentType = 'application/json') =>
      fiveSim('POST /v1/user/max-prices', '/v1/user/max-prices', { key, body, headers: { 'content-type': contentType } });
    expect((await post(JSON.stringify({ product_name: 'google', price: 0.01 }))).status).toBe(200);
    // curl -d sends 5sim's JSON body as a form's content type: read all the same.
    expect((await post(JSON.stringify({ product_name: 'telegram', price: '0.02' }), 'application/x-www-form-urlencoded')).status).toBe(200);
    expectRefusal(await post(JSON.stringify({ product_name: 'pigeonpost', price: 1 })), 'noProduct');
    expectRefusal(await post(JSON.stringify({ product_name: 'google', price: 0 })), 'badRequest');
    const limits = (await fiveSim('GET /v1/user/max-prices', '/v1/user/max-prices', { key })).json as Array<{ product: string; price: number }>;
    expect(limits.map((l) => [l.product, l.price])).toEqual(
      expect.arrayContaining([
        ['google', 0.01],
        ['telegram', 0.02],
      ]),
    );

    const getNumber = await (
      await fetch(
        `${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getNumber', service: 'go', country: String(countryIdOfIso('nl')) })}`,
      )
    ).text();
    expect(getNumber).toBe(`WRONG_MAX_PRICE:${(googlePriceCents / 100).toFixed(2)}`);
    expectRefusal(await buyGoogleRaw(key), 'noFreePhones');
    expect(await balanceOf(user)).toBe(200);

    const remove = (body: string) =>
      fiveSim('DELETE /v1/user/max-prices', '/v1/user/max-prices', { key, body, headers: { 'content-type': 'application/json' } });
    expect((await remove(JSON.stringify({ product_name: 'google' }))).status).toBe(200);
    expectRefusal(await remove(JSON.stringify({ product_name: 'google' })), 'recordNotFound');
    expect((await buyGoogle(key)).price).toBe(dollars(googlePriceCents));
  }, 60_000);

  it('documents every route it serves', () => {
    const routes = fiveSimRoutes.map((r) => `${r.method} ${r.path}`);
    for (const route of routes.filter((r) => r.startsWith('GET '))) expect(Object.keys(fiveSimAnswerSchemas)).toContain(route);
  });
});

const buyGoogleRaw = (key: string) =>
  fiveSim('GET /v1/user/buy/activation/{country}/{operator}/{product}', '/v1/user/buy/activation/netherlands/any/google', { key });

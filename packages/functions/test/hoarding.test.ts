import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  mobileNumbersReplySchema,
  NumberType,
  rentalReplySchema,
  standingReplySchema,
  type PurchaseRequest,
  type Rental,
  type Standing,
} from '@numbernest/contracts';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { expectError, post, send, type ApiReply } from './api';
import { createKey } from './api-keys';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { ownTemporary, stockFor } from './own-numbers';
import { fillWindows } from './rate-windows';
import { setRentalTimes } from './rental-clock';
import { rentOwn, smsTo, until } from './rent-own';

/**
 * Hoarding: one account buys every number of a slice (a country's Private numbers; a country's
 * activations for one service) to lock it for everyone else, and gives them back for free. Argentina
 * is this file's alone (own-numbers.ts keeps other files' numbers out of it): 8 seeded Private
 * numbers, 5 seeded Temporary ones, Airbnb activations at $0.29.
 */
const argentina = seedCatalog.countries.find((c) => c.iso === 'ar')!;
const airbnb = seedCatalog.services.find((s) => s.slug === 'airbnb')!;

const buy = (user: TestUser, body: PurchaseRequest): Promise<ApiReply> =>
  send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
const bought = (reply: ApiReply): Rental => {
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return rentalReplySchema.parse(reply.json).data;
};
const close = async (user: TestUser, id: string) => rentalReplySchema.parse((await as(user.idToken).post(`/user/rentals/${id}/close`)).json).data;
const standingOf = async (user: TestUser): Promise<Standing> => standingReplySchema.parse((await as(user.idToken).get('/user/standing')).json).data;

async function listed(type: NumberType, serviceId?: number): Promise<number[]> {
  const reply = await post('/get-numbers', { country_id: argentina.id, mobile_number_type_id: type, ...(serviceId ? { service_provider_id: serviceId } : {}) });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return mobileNumbersReplySchema.parse(reply.json).data.map((n) => n.id);
}
const privateNumber = (id: number): PurchaseRequest => ({ mobile_number_type_id: 2, mobile_number_id: id, rent_time_id: 3 });
const airbnbActivation = (id: number): PurchaseRequest => ({ mobile_number_type_id: 3, mobile_number_id: id, service_provider_id: airbnb.id });

/** Tries to buy every number listed, in order: what was bought, and the first refusal. */
async function buyAll(user: TestUser, requests: PurchaseRequest[]): Promise<{ rentals: Rental[]; refusals: ApiReply[] }> {
  const rentals: Rental[] = [];
  const refusals: ApiReply[] = [];
  for (const request of requests) {
    const reply = await buy(user, request);
    if (reply.status === 201) rentals.push(rentalReplySchema.parse(reply.json).data);
    else refusals.push(reply);
  }
  return { rentals, refusals };
}

/** The rental job ends these activations as if their 20 minutes were over (unused: refunded). */
async function expire(user: TestUser, rentals: Rental[]) {
  const { runRentalJob } = await import('@numbernest/core/rentals');
  const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  for (const rental of rentals) await setRentalTimes(user.sub, rental.id, { startedAt: past(21), expiresAt: past(1), dueAt: past(1) });
  await runRentalJob();
}

const protocol = async (key: string, params: Record<string, string>) =>
  (await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, ...params })}`)).text();
const { countryIdOfIso } = await import('@numbernest/core/catalogue');
const getAirbnb = (key: string) => protocol(key, { action: 'getNumber', service: 'uk', country: String(countryIdOfIso('ar')) });

describe('hoarding', () => {
  it('an account buying a whole slice gets its share; the others, the developer API among them, buy the rest; hoarding ends up costing it money', async () => {
    const hoarder = await userWithBalance(200_00);
    const start = await balanceOf(hoarder);
    const shareOf = (stock: number) => Math.max(2, Math.floor(stock / 4));

    // Every Private number of the country: the share, then 429 SLICE_SHARE_LIMIT with Retry-After.
    const privates = await listed(NumberType.Private);
    expect(privates.length).toBeGreaterThanOrEqual(5);
    const first = await buyAll(hoarder, privates.map(privateNumber));
    expect(first.rentals).toHaveLength(shareOf(privates.length));
    const refused = expectError(first.refusals[0]!, 429, 'SLICE_SHARE_LIMIT');
    expect(refused.params).toEqual({ limit: shareOf(privates.length) });
    expect(Number(first.refusals[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Everyone else still finds and buys the rest.
    const other = await userWithBalance(200_00);
    const left = await listed(NumberType.Private);
    expect(left).toHaveLength(privates.length - first.rentals.length);
    bought(await buy(other, privateNumber(left[0]!)));

    // Every Airbnb activation: the share; the developer API still sells one to another client, not to the hoarder.
    const activations = await listed(NumberType.Temporary, airbnb.id);
    const grabbed = await buyAll(hoarder, activations.map(airbnbActivation));
    expect(grabbed.rentals).toHaveLength(shareOf(activations.length));
    expectError(grabbed.refusals[0]!, 429, 'SLICE_SHARE_LIMIT');
    expect(await getAirbnb(await createKey(hoarder))).toBe('NO_NUMBERS');
    expect(await getAirbnb(await createKey(other))).toMatch(/^ACCESS_NUMBER:\d+:54\d+$/);

    // Given back unused: closed in the window and expired; each refund counts against the standing.
    for (const rental of first.rentals) expect(await close(hoarder, rental.id)).toMatchObject({ ended: 'refunded' });
    await expire(hoarder, grabbed.rentals);
    expect(await standingOf(hoarder)).toMatchObject({ tier: 'standard', unused: 4, delivered: 0, held: 0 });

    // Once more: the fifth unused refund makes it Limited.
    const again = await buyAll(hoarder, (await listed(NumberType.Private)).slice(0, 1).map(privateNumber));
    expect(await close(hoarder, again.rentals[0]!.id)).toMatchObject({ ended: 'refunded' });
    expect(await standingOf(hoarder)).toMatchObject({ tier: 'limited', unused: 5, hold_limit: 3, close_refunds: false });

    // Limited: a Private number now comes without the refund window, and closing it costs its price.
    const kept = bought(await buy(hoarder, privateNumber((await listed(NumberType.Private))[0]!)));
    expect(kept).toMatchObject({ refundable_until: null, refundable: false, refund_window: false });
    expect(await close(hoarder, kept.id)).toMatchObject({ ended: 'closed' });
    expect(await balanceOf(hoarder)).toBe(start - Math.round(kept.price * 100));

    // At most 3 at once while limited.
    const three = await buyAll(hoarder, (await listed(NumberType.Temporary, airbnb.id)).slice(0, 2).map(airbnbActivation));
    const fresh = await ownTemporary(2);
    three.rentals.push(...(await buyAll(hoarder, fresh.slice(0, 1))).rentals);
    expect(three.rentals).toHaveLength(3);
    expectError(await buy(hoarder, fresh[1]!), 429, 'HOLDING_LIMIT');

    // Five more unused: paused, until the oldest of them leave the 7-day window.
    await expire(hoarder, three.rentals);
    const twoMore = await buyAll(hoarder, (await listed(NumberType.Temporary, airbnb.id)).slice(0, 2).map(airbnbActivation));
    await expire(hoarder, twoMore.rentals);
    const paused = await standingOf(hoarder);
    expect(paused).toMatchObject({ tier: 'paused', unused: 10, hold_limit: 0, held: 0 });
    const refusal = await buy(hoarder, privateNumber((await listed(NumberType.Private))[0]!));
    expect(expectError(refusal, 429, 'STANDING_PAUSED').params).toMatchObject({ until: paused.paused_until, unused: 10 });
    const retryAfter = Number(refusal.headers.get('retry-after'));
    expect(Math.abs(Date.now() + retryAfter * 1000 - Date.parse(paused.paused_until!))).toBeLessThan(5_000);
    expect(await getAirbnb(await createKey(hoarder, 'paused'))).toBe(`BANNED:'${paused.paused_until!.slice(0, 19).replace('T', ' ').replace(/:/g, '-')}'`);

    // The run cost the hoarder money, and left every number of the slices free for others.
    expect(await balanceOf(hoarder)).toBeLessThan(start);
    expect(await listed(NumberType.Temporary, airbnb.id)).toHaveLength(activations.length - 1); // the developer API's sale
  }, 240_000);

  it('a normal customer never meets the limits, and sees where it stands', async () => {
    const customer = await userWithBalance(50_00);
    expect(await standingOf(customer)).toMatchObject({ tier: 'standard', held: 0, hold_limit: 10, success_rate: null, paused_until: null });
    // A code, a second number that gets its code, a Private number closed unused for a refund.
    const activation = await rentOwn(customer);
    await smsTo(activation.number, 'G-123456 is your Google verification code');
    const second = await rentOwn(customer);
    await smsTo(second.number, 'G-654321 is your Google verification code');
    const spare = await rentOwn(customer, 'private');
    expect(await close(customer, spare.id)).toMatchObject({ ended: 'refunded' });
    const after = await until('the codes counted', async () => {
      const standing = await standingOf(customer);
      return standing.delivered === 2 && standing;
    });
    expect(after).toMatchObject({ tier: 'standard', delivered: 2, unused: 1, success_rate: 67, held: 2, close_refunds: true });
  });

  it('a new account holds at most 10 numbers at once, even when it buys them all at the same moment; the 11th waits for one to end', async () => {
    const user = await userWithBalance(50_00);
    const requests = await ownTemporary(stockFor(20));
    const replies = await Promise.all(requests.slice(0, 20).map((request) => buy(user, request)));
    const statuses = replies.map((reply) => reply.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(10);
    for (const reply of replies.filter((r) => r.status !== 201)) expect(expectError(reply, 429, 'HOLDING_LIMIT').params).toEqual({ limit: 10 });
    // Retry-After: when the soonest of its numbers ends (an activation: within 20 minutes).
    const wait = Number(replies.find((r) => r.status === 429)!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(18 * 60);
    expect(wait).toBeLessThanOrEqual(20 * 60);
    expect(await standingOf(user)).toMatchObject({ held: 10, hold_limit: 10 });
    // The developer API says BANNED until then.
    expect(await protocol(await createKey(user), { action: 'getNumber', service: 'go', country: String(countryIdOfIso('ar')) })).toMatch(
      /^BANNED:'\d{4}-\d\d-\d\d \d\d-\d\d-\d\d'$/,
    );
    // One ends; one more may be bought.
    const held = replies.filter((r) => r.status === 201).map((r) => rentalReplySchema.parse(r.json).data);
    await expire(user, held.slice(0, 1));
    bought(await buy(user, requests[20]!));
  }, 180_000); // 20 purchases racing on one balance: ~4 s idle, ~20 s on a loaded 2-core machine

  it('a refund at expiry counts against the refund limit and is never refused: past the limit it still refunds', async () => {
    const user = await userWithBalance(10_00);
    const { refundedCloseLimits } = await import('@numbernest/core/rentals');
    const hourly = refundedCloseLimits.find((l) => l.scope === 'refunds-hour')!;
    const window = await fillWindows(hourly, user.sub, hourly.limit, 1);
    const activation = bought(await buy(user, (await ownTemporary())[0]!));
    const before = await balanceOf(user);
    await expire(user, [activation]);
    expect(await balanceOf(user)).toBe(before + Math.round(activation.price * 100));
    expect((await window.counts())[0]).toBe(hourly.limit + 1);
  });

  it('rentals the holding limits count are counted out when they end, whatever the end', async () => {
    const user = await userWithBalance(50_00);
    const activation = await rentOwn(user);
    await smsTo(activation.number, 'G-111222 is your Google verification code');
    const priv = await rentOwn(user, 'private');
    expect(await standingOf(user)).toMatchObject({ held: 2 });
    await expire(user, [activation]); // used: no refund
    expect(await close(user, priv.id)).toMatchObject({ ended: 'refunded' });
    expect(await standingOf(user)).toMatchObject({ held: 0, delivered: 1, unused: 1 });
  });
});

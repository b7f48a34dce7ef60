import { createHash } from 'node:crypto';
import { NumberType, type StandingTier } from '@numbernest/contracts';
import { fiveSimMaxPriceRequestSchema } from '@numbernest/contracts/fivesim';
import type { UserItem } from '../../accounts';
import { serviceCatalog } from '../../catalogue';
import { listEntries } from '../../money';
import { getStanding, type RentalItem } from '../../rentals';
import { countMatching, readPartition, type QueryOptions } from '../../shared/db';
import { rentalItem, rentalPrefix } from '../../shared/db/items/rentals';
import { toDollars } from '../../shared/pricing';
import { listMaxPrices, removeMaxPrice, saveMaxPrice } from '../max-prices';
import { answer, done, FiveSimRefused, refuse, type FiveSimAnswer } from './answers';
import { productName, serviceNamed } from './names';
import { smsOf, storedSmsOf, toOrder } from './orders';

/** The caller's own pages: profile, order and payment history, saved price limits. */

/** 5sim's numeric user id: a stable number from the account's id (48 bits of its hash). */
const numericId = (sub: string) => parseInt(createHash('sha256').update(sub).digest('hex').slice(0, 12), 16) || 1;

/** 5sim's rating (96 at most) from the account's standing: lower as its limits tighten, 0 while it may not buy. */
const ratingOf: Record<StandingTier, number> = { trusted: 96, standard: 96, limited: 48, paused: 0 };

/** Money the account cannot spend now: all of it while on hold, else what card payments still hold from transfers. */
function frozenCents(user: UserItem, now = new Date().toISOString()): number {
  if (user.accountHold) return Math.max(0, user.balanceCents);
  return (user.transferHolds ?? []).filter((hold) => hold.until > now).reduce((sum, hold) => sum + hold.cents, 0);
}

export async function profile(user: UserItem): Promise<FiveSimAnswer> {
  const standing = await getStanding(user.sub);
  return answer({
    id: numericId(user.sub),
    email: user.email,
    vendor: '',
    default_forwarding_number: '',
    balance: toDollars(user.balanceCents),
    rating: ratingOf[standing.tier],
    default_country: { name: '', iso: '', prefix: '' },
    default_operator: { name: '' },
    frozen_balance: toDollars(Math.min(frozenCents(user), Math.max(0, user.balanceCents))),
  });
}

/** `limit` (15 by default, at most 100) and `offset` of the history pages; a value that is not a count is a bad request. */
function page(query: { limit?: string; offset?: string }): { limit: number; offset: number } {
  const count = (value: string | undefined, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    if (!/^\d{1,6}$/.test(value)) throw new FiveSimRefused('badRequest');
    return Number(value);
  };
  return { limit: Math.min(Math.max(count(query.limit, 15), 1), 100), offset: Math.min(count(query.offset, 0), 100_000) };
}

/** Newest first unless `reverse=false` (5sim's history pages are by `order`, `id` or the time: the same order here). */
const newestFirst = (reverse: string | undefined) => reverse !== 'false' && reverse !== '0';

/**
 * /user/orders?category=activation|hosting: the caller's Temporary activations, or rents (hosting),
 * a page of them with their SMS, and how many there are in all (one counting Query, nothing read back).
 */
export async function orders(user: UserItem, query: { category?: string; limit?: string; offset?: string; reverse?: string }): Promise<FiveSimAnswer> {
  if (query.category !== 'activation' && query.category !== 'hosting') return refuse('badRequest');
  const { limit, offset } = page(query);
  const options: QueryOptions<RentalItem> = {
    skPrefix: rentalPrefix,
    filter: query.category === 'activation' ? { typeId: { equals: NumberType.Temporary }, activationId: { exists: true } } : { rentId: { exists: true } },
  };
  const [rentals, total] = await Promise.all([
    readPartition(rentalItem, { sub: user.sub, id: '' }, { ...options, descending: newestFirst(query.reverse), limit: offset + limit, pageSize: 50 }),
    countMatching(rentalItem, { sub: user.sub, id: '' }, options),
  ]);
  const shown = rentals.slice(offset);
  const data = await Promise.all(shown.map(async (rental) => toOrder(rental, (await storedSmsOf(rental)).map(smsOf))));
  return answer({
    Data: data,
    ProductNames: [...new Set(data.map((order) => order.product))],
    Statuses: [...new Set(data.map((order) => order.status))],
    Total: total,
  });
}

/** /user/payments: the caller's ledger, a page of it (each balance change with the balance after it). */
export async function payments(user: UserItem, query: { limit?: string; offset?: string; reverse?: string }): Promise<FiveSimAnswer> {
  const { limit, offset } = page(query);
  const total = user.ledgerSeq ?? 0;
  // The ledger reads newest first; oldest first is the same page counted from the other end.
  const reverse = newestFirst(query.reverse);
  const skip = reverse ? offset : Math.max(0, total - offset - limit);
  const take = reverse ? limit : Math.max(0, Math.min(limit, total - offset));
  const { entries } = take === 0 ? { entries: [] } : await listEntries(user.sub, {}, skip, take);
  const listed = reverse ? entries : [...entries].reverse();
  const data = listed.map((entry) => ({
    ID: entry.seq,
    TypeName: entry.kind,
    ProviderName: entry.description.params?.provider ?? (entry.operator ? 'admin' : 'numbernest'),
    Amount: toDollars(entry.amountCents),
    Balance: toDollars(entry.balanceAfterCents),
    CreatedAt: entry.createdAt,
  }));
  const names = (values: string[]) => [...new Set(values)].map((Name) => ({ Name }));
  return answer({ Data: data, PaymentTypes: names(data.map((p) => p.TypeName)), PaymentProviders: names(data.map((p) => p.ProviderName)), Total: total });
}

/** GET /user/max-prices: each saved limit with its product's name (id: the service's). */
export async function maxPrices(user: UserItem): Promise<FiveSimAnswer> {
  const [saved, catalog] = await Promise.all([listMaxPrices(user.sub), serviceCatalog()]);
  return answer(
    saved.flatMap((limit) => {
      const service = catalog.byId.get(limit.serviceId);
      return service ? [{ id: limit.serviceId, product: productName(service), price: toDollars(limit.priceCents), CreatedAt: limit.createdAt }] : [];
    }),
  );
}

/** The body of POST and DELETE max-prices: JSON as 5sim's docs send it (whatever its Content-Type), or a form. */
function maxPriceRequest(body: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    raw = Object.fromEntries(new URLSearchParams(body));
  }
  const parsed = fiveSimMaxPriceRequestSchema.safeParse(raw);
  if (!parsed.success) throw new FiveSimRefused('badRequest');
  return parsed.data;
}

async function productIdOf(name: string): Promise<number> {
  const service = await serviceNamed(name);
  if (!service) throw new FiveSimRefused('noProduct');
  return service.id;
}

/** POST /user/max-prices {product_name, price}: saved, or changed. */
export async function setMaxPrice(user: UserItem, body: string): Promise<FiveSimAnswer> {
  const request = maxPriceRequest(body);
  if (request.price === undefined) return refuse('badRequest');
  const cents = Math.round(Number(request.price) * 100);
  if (!Number.isFinite(cents) || cents < 1 || cents > 1_000_000) return refuse('badRequest');
  await saveMaxPrice(user.sub, await productIdOf(request.product_name), cents);
  return done;
}

/** DELETE /user/max-prices {product_name}. */
export async function deleteMaxPrice(user: UserItem, body: string): Promise<FiveSimAnswer> {
  const request = maxPriceRequest(body);
  return (await removeMaxPrice(user.sub, await productIdOf(request.product_name))) ? done : refuse('recordNotFound');
}

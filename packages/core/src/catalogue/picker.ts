import { randomInt } from 'node:crypto';
import { fieldProblem, NumberType, type TemporaryAvailability } from '@numbernest/contracts';
import { readIndexOnce, type Conditions } from '../shared/db';
import { numberItem, numberOnOfferItem } from '../shared/db/items/catalogue-numbers';
import { ValidationError } from '../shared/errors';
import { shuffled } from '../shared/shuffle';
import { getCountry } from './countries';
import type { NumberItem } from './items';
import { keys } from './keys';
import { agentStockCounts } from './agent-stock';
import { listOfferItems } from './services';
import { cachedReference } from './reference-cache';
import { deliveryRates } from '../stats';

/**
 * The live reads of the numbers on offer, all on the sparse index numberPicker (`pickerList` =
 * `NUMBERS#<country>#<type>`, range key `e164`; only offered numbers are in it). Each read is
 * bounded by what it returns, never by the inventory: a page evaluates at most `budgetPerNumber`
 * items per number asked for, and says where to go on.
 */

/** Items a page may evaluate per number it may return (the filter drops held and resting numbers). */
export const budgetPerNumber = 4;
/** How many free numbers `availableCount` counts at most, and the items it reads for them. */
export const availableCountCap = 100;
const countBudget = budgetPerNumber * availableCountCap;

export interface NumbersPageRequest {
  countryId: number;
  typeId: NumberType;
  /** Shared and Temporary: the service asked for (numbers held or resting for it are left out). */
  serviceId?: number;
  /** Digits the number starts with, after the country's calling code or including it. */
  q?: string;
  limit: number;
  /** The `nextPage` of the page before (opaque; anything else is a ValidationError on `page`). */
  page?: string;
}

export interface NumbersPage {
  /** Sorted by E.164. */
  items: NumberItem[];
  /** Where the next page starts; null when the list is done. A page may be short (even empty) with a next page. */
  nextPage: string | null;
  /** Items DynamoDB read for this page (its ScannedCount, summed). */
  evaluated: number;
}

/** Where a page goes on: the `range`-th prefix range of the listing, after a number (or from its start). */
type Position = { range: number; after?: { e164: string; numberId: number } };

type Offered = Conditions<Pick<NumberItem, 'retiredAt' | 'availableAt'>>;

/** Not resting (a released Private number) and not retired. */
const notResting = (now: string): Offered => ({
  retiredAt: { absent: true },
  anyOf: [{ availableAt: { absent: true } }, { availableAt: { notAfter: now } }],
});

/** What is offered "now" for the type and service: not resting, not held, not retired. */
function offeredFilter(typeId: NumberType, serviceId: number | undefined, now: string): Offered {
  // Retired numbers leave the index; the filter also guards a Private number retired while rented.
  if (typeId === NumberType.Private || serviceId === undefined) return notResting(now);
  const held = keys.heldAttribute(serviceId);
  return { retiredAt: { absent: true }, anyOf: [{ named: { [held]: { absent: true } } }, { named: { [held]: { notAfter: now } } }] };
}

/** Which listing a cursor belongs to: a page of one listing is refused by another. */
const scopeOf = ({ countryId, typeId, serviceId, q }: NumbersPageRequest) => `${countryId}.${typeId}.${serviceId ?? ''}.${q ?? ''}`;

const encodePage = (scope: string, at: Position) =>
  Buffer.from(JSON.stringify({ s: scope, r: at.range, ...(at.after ? { e: at.after.e164, n: at.after.numberId } : {}) })).toString('base64url');

const badPage = () => new ValidationError('Invalid request', { page: [fieldProblem('INVALID_VALUE', undefined, 'Not a page of this list.')] });

/** A page given back by the client: only one this listing handed out (or a ValidationError on `page`). */
function decodePage(page: string, scope: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw badPage();
  }
  const { s, r, e, n } = (parsed ?? {}) as { s?: unknown; r?: unknown; e?: unknown; n?: unknown };
  if (s !== scope || (r !== 0 && r !== 1)) throw badPage();
  if (e === undefined && n === undefined) return { range: r };
  if (typeof e !== 'string' || !/^\+[0-9]{1,15}$/.test(e) || typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw badPage();
  return { range: r, after: { e164: e, numberId: n } };
}

/** The index's position of a number (its keys there and in the table), to start a Query after it. */
const startKeyOf = (countryId: number, typeId: NumberType, after: NonNullable<Position['after']>) => ({
  ...keys.number(countryId, typeId, after.numberId),
  pickerList: keys.pickerList(countryId, typeId),
  e164: after.e164,
});

const numberAt = (key: Record<string, unknown>) => ({ e164: String(key.e164), numberId: Number(String(key.sk).slice('NUMBER#'.length)) });

/**
 * The E.164 prefixes `q` stands for, sorted, none inside another: the digits after the calling code,
 * and, when they may include it, the digits as typed. Ranges of distinct prefixes neither of which
 * starts the other do not overlap, so listing them one after the other stays sorted.
 */
async function prefixesOf(countryId: number, q: string): Promise<string[]> {
  const { dialCode } = await getCountry(countryId);
  const candidates = [`+${dialCode}${q}`];
  if (q.startsWith(dialCode) || dialCode.startsWith(q)) candidates.push(`+${q}`);
  return candidates.filter((p) => !candidates.some((other) => other !== p && p.startsWith(other))).sort();
}

/**
 * One page of the numbers on offer for (country, type[, service]), sorted by E.164, optionally
 * those starting with `q`: at most `limit` numbers, evaluating at most `budgetPerNumber` × `limit`
 * items (a page cut short by the budget is shorter and says where to go on). Whatever the inventory.
 */
export async function readNumbersPage(request: NumbersPageRequest): Promise<NumbersPage> {
  const { countryId, typeId, serviceId, q, limit } = request;
  const scope = scopeOf(request);
  const from = request.page === undefined ? undefined : decodePage(request.page, scope);
  const prefixes: Array<string | undefined> = q === undefined ? [undefined] : await prefixesOf(countryId, q);
  const budget = budgetPerNumber * limit;
  const filter = offeredFilter(typeId, serviceId, new Date().toISOString());
  const items: NumberItem[] = [];
  let evaluated = 0;
  const done = (at: Position | undefined): NumbersPage => ({ items, nextPage: at ? encodePage(scope, at) : null, evaluated });
  const last = prefixes.length - 1;
  if (from && from.range > last) throw badPage();

  for (let range = from?.range ?? 0; range <= last; range++) {
    const prefix = prefixes[range];
    const after = range === from?.range ? from.after : undefined;
    if (after && prefix !== undefined && !after.e164.startsWith(prefix)) throw badPage();
    let start: Record<string, unknown> | undefined = after && startKeyOf(countryId, typeId, after);
    // Where the listing goes on once this range's reading stops at `start` (undefined: range done).
    const goOn = (): Position | undefined => (start ? { range, after: numberAt(start) } : range < last ? { range: range + 1 } : undefined);
    do {
      const need = limit - items.length;
      // Each call asks for at least a quarter page, so a sparse filter does not crawl one item at a time.
      const Limit = Math.min(budget - evaluated, Math.max(need, Math.ceil(limit / 4)));
      const page = await readIndexOnce(numberItem, 'numberPicker', keys.pickerList(countryId, typeId), {
        ...(prefix === undefined ? {} : { skPrefix: prefix }),
        filter,
        limit: Limit,
        startKey: start,
      });
      evaluated += page.evaluated;
      const found = page.items;
      items.push(...found.slice(0, need));
      start = page.next;
      // More than fit: the next page starts after the last one shown (the rest is read again then).
      if (found.length > need) {
        const { e164, numberId } = items.at(-1)!;
        return done({ range, after: { e164, numberId } });
      }
      if (items.length === limit || evaluated >= budget) return done(goOn());
    } while (start);
  }
  return done(undefined);
}

/**
 * Up to `count` numbers on offer for (country, type[, service]), from a random place in the list
 * (wrapping round to its start), shuffled: the developer API's getNumber tries these in turn.
 * Evaluates at most `budgetPerNumber` × `count` items, whatever the inventory.
 */
export async function sampleNumbers(countryId: number, typeId: NumberType, serviceId: number | undefined, count: number): Promise<NumberItem[]> {
  const { dialCode } = await getCountry(countryId);
  // A random point among the country's numbers: its calling code and random digits.
  const from = `+${dialCode}${String(randomInt(0, 1e12)).padStart(12, '0')}`;
  const filter = offeredFilter(typeId, serviceId, new Date().toISOString());
  const budget = budgetPerNumber * count;
  const found: NumberItem[] = [];
  let evaluated = 0;
  for (const side of [{ skFrom: from }, { skBefore: from }]) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await readIndexOnce(numberItem, 'numberPicker', keys.pickerList(countryId, typeId), {
        ...side,
        filter,
        limit: Math.min(budget - evaluated, Math.max(count - found.length, Math.ceil(count / 4))),
        startKey: start,
      });
      evaluated += page.evaluated;
      found.push(...page.items);
      start = page.next;
      if (found.length >= count || evaluated >= budget) return shuffled(found.slice(0, count));
    } while (start);
  }
  return shuffled(found);
}

/**
 * How many numbers are on offer for (country, type) per service (Shared, Temporary; Private: none
 * given), counted live on the index and bounded: each count stops at `availableCountCap`, and the
 * items read for them all at `budgetPerNumber` × that cap (a count the budget stopped is a lower
 * bound). One read for every service, so a country's counts cost what one count costs.
 */
export async function availableCounts(countryId: number, typeId: NumberType, serviceIds: readonly number[] = []): Promise<Map<number | undefined, number>> {
  const now = new Date().toISOString();
  const wanted: Array<number | undefined> = typeId === NumberType.Private || serviceIds.length === 0 ? [undefined] : [...serviceIds];
  const counts = new Map(wanted.map((id) => [id, 0]));
  const heldNames = wanted.flatMap((id) => (id === undefined ? [] : [keys.heldAttribute(id)]));
  let evaluated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await readIndexOnce(numberOnOfferItem, 'numberPicker', keys.pickerList(countryId, typeId), {
      filter: notResting(now),
      // Only what the counting needs comes back (the read costs the same; the reply is smaller).
      attributes: ['e164', ...heldNames],
      limit: countBudget - evaluated,
      startKey: start,
    });
    evaluated += page.evaluated;
    for (const item of page.items) {
      for (const id of wanted) {
        const held = id === undefined ? undefined : item[keys.heldAttribute(id)];
        if (typeof held !== 'string' || held <= now) counts.set(id, Math.min((counts.get(id) ?? 0) + 1, availableCountCap));
      }
    }
    start = page.next;
  } while (start && evaluated < countBudget && [...counts.values()].some((n) => n < availableCountCap));
  if (typeId === NumberType.Temporary) {
    // Partners' agents sell Temporary activations beside our own numbers.
    const agents = await agentStockCounts(countryId);
    for (const id of wanted) if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + (agents.get(id) ?? 0));
  }
  return counts;
}

/** How many numbers are on offer for (country, type[, service]): `availableCounts` for one. */
export async function availableCount(countryId: number, typeId: NumberType, serviceId?: number): Promise<number> {
  return (await availableCounts(countryId, typeId, serviceId === undefined ? [] : [serviceId])).values().next().value ?? 0;
}

/**
 * What the picker's "any number" row counts: for every service sold as Temporary in the country, its
 * activations on offer (`availableCounts`: our free numbers and agents' fresh stock, one bounded
 * read for them all). An unknown country: NotFoundError.
 */
export async function temporaryAvailability(countryId: number): Promise<TemporaryAvailability[]> {
  const [, offers] = await Promise.all([getCountry(countryId), listOfferItems(countryId)]);
  const serviceIds = offers.filter((o) => o.temporaryPriceCents !== undefined).map((o) => o.serviceId);
  if (!serviceIds.length) return [];
  const [counts, rates] = await Promise.all([availableCounts(countryId, NumberType.Temporary, serviceIds), cachedDeliveryRates(countryId)]);
  return serviceIds.map((id) => ({ service_provider_id: id, available: counts.get(id) ?? 0, delivery_rate: rates.get(id) ?? null }));
}

/**
 * Each service's delivery rate in the country (stats' `deliveryRates`: one Query of its last 30 days),
 * kept like the catalogue's reference data: a rate moves slowly and the picker asks often.
 */
export function cachedDeliveryRates(countryId: number): Promise<Map<number, number | null>> {
  return cachedReference(`delivery-rates:${countryId}`, async () => new Map((await deliveryRates(countryId)).map((s) => [s.serviceId, s.rate])));
}

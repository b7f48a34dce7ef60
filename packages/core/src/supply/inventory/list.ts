import type { InventoryNumber, InventoryRental, NumbersQuery } from '@numbernest/contracts/ops';
import type { NumberItem } from '../../catalogue';
import { catalogKeys } from '../../catalogue';
import { readIndexOnce, readItems, type Conditions, type Page } from '../../shared/db';
import { numberItem, type StoredNumber } from '../../shared/db/items/catalogue-numbers';
import { rentalItem } from '../../shared/db/items/rentals';
import { userProfileItem } from '../../shared/db/items/accounts';
import { holderOf, toInventoryNumber } from './shape';

/** How many items one request reads at most while a filter keeps few of them (then the cursor goes on). */
const readBudget = 3000;

/** The filters as conditions on the number items (index numberInventory). */
function filterOf(query: NumbersQuery, now: Date): Conditions<StoredNumber> {
  const filter: Conditions<StoredNumber> = {};
  const nested: NonNullable<Conditions<StoredNumber>['nested']> = {};
  const allOf: Conditions<StoredNumber>[] = [];
  // By path: the query's type is any integer (an unknown one matches nothing).
  if (query.country_id === undefined && query.mobile_number_type_id !== undefined) nested.typeId = { equals: query.mobile_number_type_id };
  if (query.status === 'retired') filter.retiredAt = { exists: true };
  else if (query.status) {
    filter.retiredAt = { absent: true };
    const held: Conditions<StoredNumber> = { anyOf: [{ activeRentals: { exists: true } }, { status: { equals: 'rented' } }] };
    if (query.status === 'rented') allOf.push(held);
    else {
      allOf.push({ not: held });
      const resting: Conditions<StoredNumber> = { availableAt: { after: now.toISOString() } };
      allOf.push(query.status === 'resting' ? resting : { not: resting });
    }
  }
  if (query.source) {
    const [provider, deviceId, sim] = query.source.split(':');
    // Items from before sources carry none: Twilio's.
    if (provider === 'twilio') allOf.push({ anyOf: [{ source: { absent: true } }, { nested: { 'source.provider': { equals: provider } } }] });
    else nested['source.provider'] = { equals: provider ?? '' };
    if (deviceId) nested['source.deviceId'] = { equals: deviceId };
    if (sim) nested['source.simNumber'] = { equals: Number(sim) };
  }
  const digits = query.search?.replace(/\D/g, '');
  if (digits) filter.e164 = { contains: digits };
  return { ...filter, ...(allOf.length ? { allOf } : {}), ...(Object.keys(nested).length ? { nested } : {}) };
}

const encodeCursor = (key: { pk: string; sk: string; inventoryKey: string }) =>
  Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk, k: key.inventoryKey })).toString('base64url');

/** Where a page ending at this number goes on: its index key. */
const cursorAfter = (n: StoredNumber) =>
  encodeCursor({ ...numberItem.key(n), inventoryKey: n.inventoryKey ?? catalogKeys.inventoryKey(n.countryId, n.typeId, n.e164) });

/** A cursor back to the index key it names; anything else: the first page. */
function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (!cursor) return undefined;
  try {
    const { pk, sk, k } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof pk !== 'string' || typeof sk !== 'string' || typeof k !== 'string' || !pk.startsWith('NUMBERS#')) return undefined;
    return { pk, sk, inventoryList: catalogKeys.inventoryList, inventoryKey: k };
  } catch {
    return undefined;
  }
}

/**
 * Every number, a page at a time (sorted by country, type, E.164), filtered: one Query of the
 * index numberInventory, narrowed by key to a country (and type), the rest filtered. A sparse
 * filter reads on until the page is full or the read budget is spent; the cursor goes on from there.
 */
export async function listInventory(query: NumbersQuery, now = new Date()): Promise<Page<InventoryNumber>> {
  const count = query.limit ?? 50;
  const prefix =
    query.country_id === undefined
      ? undefined
      : `${String(query.country_id).padStart(3, '0')}#${query.mobile_number_type_id === undefined ? '' : `${query.mobile_number_type_id}#`}`;
  const filter = filterOf(query, now);
  const filtered = Object.keys(filter).length > 0;
  const items: StoredNumber[] = [];
  let start: Record<string, unknown> | undefined = decodeCursor(query.cursor);
  let read = 0;
  let more = true;
  let cursor: string | undefined;
  while (items.length < count && more && read < readBudget) {
    const page = await readIndexOnce(numberItem, 'numberInventory', catalogKeys.inventoryList, {
      ...(prefix ? { skPrefix: prefix } : {}),
      ...(filtered ? { filter } : {}),
      limit: Math.min(readBudget - read, Math.max(count - items.length, filtered ? 500 : 1)),
      ...(start ? { startKey: start } : {}),
    });
    read += page.evaluated;
    const room = count - items.length;
    items.push(...page.items.slice(0, room));
    if (page.items.length > room) {
      // The page ends inside this read: go on after the last one returned.
      cursor = cursorAfter(items[items.length - 1]!);
      break;
    }
    start = page.next;
    more = start !== undefined;
  }
  if (!cursor && more && start) cursor = encodeCursor({ pk: String(start.pk), sk: String(start.sk), inventoryKey: String(start.inventoryKey) });
  return { items: await withRentals(items, now), ...(cursor ? { cursor } : {}) };
}

/** The rentals holding the listed numbers, with their renters' e-mails: two BatchGets for the page. */
async function withRentals(numbers: NumberItem[], now: Date): Promise<InventoryNumber[]> {
  const holders = numbers.flatMap((n) => [...(n.activeRentals ?? [])].map(holderOf));
  const subs = [...new Set(holders.map((h) => h.sub))];
  const [rentals, profiles] = holders.length
    ? await Promise.all([
        readItems(
          rentalItem,
          holders.map((h) => ({ sub: h.sub, id: h.rentalId })),
        ),
        readItems(
          userProfileItem,
          subs.map((sub) => ({ sub })),
        ),
      ])
    : [[], []];
  const byId = new Map(rentals.map((r) => [r.id, r]));
  const emails = new Map(profiles.map((p) => [p.sub, p.email]));
  return numbers.map((n) =>
    toInventoryNumber(
      n,
      [...(n.activeRentals ?? [])].flatMap((ref): InventoryRental[] => {
        const { sub, rentalId } = holderOf(ref);
        const rental = byId.get(rentalId);
        if (!rental) return [];
        return [{ id: rental.id, sub, email: emails.get(sub) ?? null, service_name: rental.serviceName ?? null, ends_at: rental.expiresAt }];
      }),
      now,
    ),
  );
}

/** One number as the list shows it (after a retire), read consistently from its item. */
export async function inventoryNumberOf(item: NumberItem, now = new Date()): Promise<InventoryNumber> {
  const [one] = await withRentals([item], now);
  return one!;
}

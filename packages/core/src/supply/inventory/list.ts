import type { InventoryNumber, InventoryRental, NumbersQuery } from '@numbernest/contracts/ops';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NumberItem } from '../../catalogue';
import { catalogKeys } from '../../catalogue';
import { batchGetAll, db, tableName, type Page } from '../../shared/db';
import type { RentalItem } from '../../rentals';
import { rentalKeys } from '../../rentals';
import type { UserItem } from '../../accounts';
import { userKeys } from '../../accounts';
import { holderOf, toInventoryNumber } from './shape';

type Stored = NumberItem & { pk: string; sk: string; inventoryList: string; inventoryKey: string };

/** How many items one request reads at most while a filter keeps few of them (then the cursor goes on). */
const readBudget = 3000;

/** The filters as a FilterExpression over the number items (index numberInventory). */
function filterOf(
  query: NumbersQuery,
  now: Date,
): { FilterExpression?: string; ExpressionAttributeNames?: Record<string, string>; values: Record<string, unknown> } {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.country_id === undefined && query.mobile_number_type_id !== undefined) {
    parts.push('typeId = :type');
    values[':type'] = query.mobile_number_type_id;
  }
  if (query.status === 'retired') parts.push('attribute_exists(retiredAt)');
  else if (query.status) {
    names['#status'] = 'status';
    values[':rented'] = 'rented';
    const held = '(attribute_exists(activeRentals) OR #status = :rented)';
    if (query.status === 'rented') parts.push(`attribute_not_exists(retiredAt) AND ${held}`);
    else {
      values[':now'] = now.toISOString();
      const resting = query.status === 'resting' ? 'availableAt > :now' : 'NOT availableAt > :now';
      parts.push(`attribute_not_exists(retiredAt) AND NOT ${held} AND ${resting}`);
    }
  }
  if (query.source) {
    const [provider, deviceId, sim] = query.source.split(':');
    names['#source'] = 'source';
    values[':provider'] = provider;
    // Items from before sources carry none: Twilio's.
    parts.push(provider === 'twilio' ? '(attribute_not_exists(#source) OR #source.provider = :provider)' : '#source.provider = :provider');
    if (deviceId) {
      parts.push('#source.deviceId = :device');
      values[':device'] = deviceId;
    }
    if (sim) {
      parts.push('#source.simNumber = :sim');
      values[':sim'] = Number(sim);
    }
  }
  const digits = query.search?.replace(/\D/g, '');
  if (digits) {
    parts.push('contains(e164, :digits)');
    values[':digits'] = digits;
  }
  return parts.length
    ? {
        FilterExpression: parts.join(' AND '), // each part parenthesises its own ORs (DynamoDB refuses redundant parentheses)
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        values,
      }
    : { values };
}

const encodeCursor = (item: Pick<Stored, 'pk' | 'sk' | 'inventoryList' | 'inventoryKey'>) =>
  Buffer.from(JSON.stringify({ pk: item.pk, sk: item.sk, k: item.inventoryKey })).toString('base64url');

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
  const { values, ...filter } = filterOf(query, now);
  const items: Stored[] = [];
  let start = decodeCursor(query.cursor);
  let read = 0;
  let more = true;
  while (items.length < count && more && read < readBudget) {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'numberInventory',
        KeyConditionExpression: `inventoryList = :list${prefix ? ' AND begins_with(inventoryKey, :prefix)' : ''}`,
        ...filter,
        ExpressionAttributeValues: { ':list': catalogKeys.inventoryList, ...(prefix ? { ':prefix': prefix } : {}), ...values },
        Limit: Math.min(readBudget - read, Math.max(count - items.length, filter.FilterExpression ? 500 : 1)),
        ExclusiveStartKey: start,
      }),
    );
    read += page.ScannedCount ?? 0;
    const got = (page.Items ?? []) as Stored[];
    const room = count - items.length;
    items.push(...got.slice(0, room));
    if (got.length > room) {
      // The page ends inside this read: go on after the last one returned.
      start = decodeCursor(encodeCursor(items[items.length - 1]!));
      more = true;
      break;
    }
    start = page.LastEvaluatedKey as Record<string, string> | undefined;
    more = start !== undefined;
  }
  const cursor =
    more && start ? encodeCursor({ pk: start.pk!, sk: start.sk!, inventoryList: start.inventoryList!, inventoryKey: start.inventoryKey! }) : undefined;
  return { items: await withRentals(items, now), ...(cursor ? { cursor } : {}) };
}

/** The rentals holding the listed numbers, with their renters' e-mails: two BatchGets for the page. */
async function withRentals(numbers: NumberItem[], now: Date): Promise<InventoryNumber[]> {
  const holders = numbers.flatMap((n) => [...(n.activeRentals ?? [])].map(holderOf));
  const subs = [...new Set(holders.map((h) => h.sub))];
  const [rentals, profiles] = holders.length
    ? await Promise.all([
        batchGetAll<RentalItem>(holders.map((h) => rentalKeys.item(h.sub, h.rentalId))),
        batchGetAll<UserItem>(subs.map((sub) => userKeys.profile(sub))),
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

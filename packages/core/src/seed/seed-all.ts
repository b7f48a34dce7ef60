import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchPutAll, db, tableName, type Key } from '../shared/db';
import { catalogKeys, clearReferenceCache, recomputePriceSummary, summarizePrices, type NumberItem, numberRecords } from '../catalogue';
import { seedBlogPosts } from '../content';
import { itemRecord } from '../shared/db/item';
import { blogPostItem } from '../shared/db/items/content';
import { backfillNumber } from '../supply';
import { seedCatalog } from './facts';

/** Reference data: rewritten on every seed, so a changed price or post reaches an existing table. */
function referenceItems(): object[] {
  const { rentTimes, countries, services, offers, privateOffers } = seedCatalog;
  return [
    ...rentTimes.map((t) => ({ ...catalogKeys.rentTime(t.id), ...t })),
    ...countries.map((c) => ({ ...catalogKeys.country(c.id), ...c })),
    ...services.map((s) => ({ ...catalogKeys.service(s.id), ...s })),
    ...offers.map((o) => ({ ...catalogKeys.offer(o.countryId, o.serviceId), ...o })),
    ...privateOffers.map((p) => ({ ...catalogKeys.privateOffer(p.countryId), ...p })),
    // From the same offers as the items above, so the "from" prices always match them.
    { ...catalogKeys.priceSummary, ...summarizePrices(offers, privateOffers) },
    ...seedBlogPosts.map((p) => itemRecord(blogPostItem, p)),
    // A number's fixed facts (safe to rewrite) by its E.164, for inbound SMS, and by its id, for a purchase.
    ...seedCatalog.numbers.flatMap((n) => {
      const { phone, byId } = numberRecords(n);
      return [phone, byId];
    }),
  ];
}

/** Numbers carry live state (rented, retired, SMS counts), so they are only ever added, never rewritten. */
function numberItems(): (Key & NumberItem)[] {
  return seedCatalog.numbers.map((n) => numberRecords(n).number);
}

/**
 * A number item from before the operators' inventory gets its list keys and source (fixed facts),
 * and nothing else: its live state stays as it is.
 */
const backfill = (n: Key & NumberItem) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: n.pk, sk: n.sk },
      UpdateExpression: 'SET inventoryList = :list, inventoryKey = :key, #source = if_not_exists(#source, :source)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#source': 'source' },
      ExpressionAttributeValues: { ':list': n.inventoryList, ':key': n.inventoryKey, ':source': n.source },
    }),
  );

/** Every seed item with its table keys. */
export function seedItems(): object[] {
  return [...referenceItems(), ...numberItems()];
}

/** The catalogue partitions an operator edits in the console (countries, services, offers, Private offers). */
const editable = (pk: string) => pk === catalogKeys.countries || pk === catalogKeys.services || pk === catalogKeys.privateOffers || pk.startsWith('COUNTRY#');

/**
 * Idempotent: reference data is rewritten with plain Puts of fixed keys, except catalogue items an
 * operator has edited (`editedAt`): those are the operator's now. Numbers already in the table are
 * left as they are, so seeding a running system never frees a rented number. The price summary is
 * then recomputed from the table, operators' offers included.
 */
export async function seedAll(): Promise<{ items: number; added: number }> {
  const numbers = numberItems();
  const stored = await batchGetAll<Key & Partial<NumberItem>>(numbers.map(({ pk, sk }) => ({ pk, sk })));
  const present = new Set(stored.map(({ pk, sk }) => `${pk}|${sk}`));
  const listed = new Set(stored.filter((n) => n.inventoryKey).map(({ pk, sk }) => `${pk}|${sk}`));
  const missing = numbers.filter(({ pk, sk }) => !present.has(`${pk}|${sk}`));
  const unlisted = numbers.filter(({ pk, sk }) => present.has(`${pk}|${sk}`) && !listed.has(`${pk}|${sk}`));
  const reference = referenceItems() as (Key & object)[];
  const catalogue = reference.filter(({ pk }) => editable(pk));
  const edits = await batchGetAll<Key & { editedAt?: string }>(catalogue.map(({ pk, sk }) => ({ pk, sk })));
  const edited = new Set(edits.filter((item) => item.editedAt).map(({ pk, sk }) => `${pk}|${sk}`));
  await batchPutAll([...reference.filter(({ pk, sk }) => !edited.has(`${pk}|${sk}`)), ...missing]);
  for (const n of unlisted) await backfill(n);
  // Numbers from before the picker's index (a local table kept across versions): listed and held as their locks say.
  for (const n of stored.filter((s) => !s.pickerList && !s.retiredAt)) await backfillNumber({ pk: n.pk, sk: n.sk });
  await recomputePriceSummary();
  clearReferenceCache();
  return { items: reference.length + numbers.length, added: missing.length };
}

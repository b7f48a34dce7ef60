import { batchPutAll, itemRecord, readItems, updateItem, type Key } from '../shared/db';
import { clearReferenceCache, recomputePriceSummary, summarizePrices, type NumberItem, numberRecords } from '../catalogue';
import { seedBlogPosts } from '../content';
import { countryItem, privateOfferItem, rentTimeItem, serviceOfferItem } from '../shared/db/items/catalogue';
import { priceSummaryItem } from '../shared/db/items/catalogue-price-summary';
import { serviceItem } from '../shared/db/items/catalogue-services';
import { numberItem } from '../shared/db/items/catalogue-numbers';
import { blogPostItem } from '../shared/db/items/content';
import { backfillNumber } from '../supply';
import { seedCatalog } from './facts';

/** Reference data: rewritten on every seed, so a changed price or post reaches an existing table. */
function referenceItems(): Record<string, unknown>[] {
  const { rentTimes, countries, services, offers, privateOffers } = seedCatalog;
  return [
    ...rentTimes.map((t) => itemRecord(rentTimeItem, t)),
    ...countries.map((c) => itemRecord(countryItem, c)),
    ...services.map((s) => itemRecord(serviceItem, s)),
    ...offers.map((o) => itemRecord(serviceOfferItem, o)),
    ...privateOffers.map((p) => itemRecord(privateOfferItem, p)),
    // From the same offers as the items above, so the "from" prices always match them.
    itemRecord(priceSummaryItem, summarizePrices(offers, privateOffers)),
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

const keyText = ({ pk, sk }: Key) => `${pk}|${sk}`;

/**
 * A number item from before the operators' inventory gets its list keys and source (fixed facts),
 * and nothing else: its live state stays as it is.
 */
const backfill = (n: NumberItem) =>
  updateItem(numberItem, n, {
    set: { inventoryList: n.inventoryList, inventoryKey: n.inventoryKey },
    setIfUnset: { source: n.source },
    onConditionFailed: () => new Error(`Number ${n.e164} was deleted while the seed ran`),
  });

/** The keys of the seed's catalogue items an operator has edited in the console (`editedAt`): those are the operator's now. */
async function editedKeys(): Promise<Set<string>> {
  const { countries, services, offers, privateOffers } = seedCatalog;
  const [countryItems, serviceItems, offerItems, privateOfferItems] = await Promise.all([
    readItems(countryItem, countries),
    readItems(serviceItem, services),
    readItems(serviceOfferItem, offers),
    readItems(privateOfferItem, privateOffers),
  ]);
  const edited = <T extends { editedAt?: string }>(items: T[], key: (item: T) => Key) =>
    items.filter((item) => item.editedAt).map((item) => keyText(key(item)));
  return new Set([
    ...edited(countryItems, countryItem.key),
    ...edited(serviceItems, serviceItem.key),
    ...edited(offerItems, serviceOfferItem.key),
    ...edited(privateOfferItems, privateOfferItem.key),
  ]);
}

/** Every seed item with its table keys. */
export function seedItems(): object[] {
  return [...referenceItems(), ...numberItems()];
}

/**
 * Idempotent: reference data is rewritten with plain Puts of fixed keys, except catalogue items an
 * operator has edited (`editedAt`): those are the operator's now. Numbers already in the table are
 * left as they are, so seeding a running system never frees a rented number. The price summary is
 * then recomputed from the table, operators' offers included.
 */
export async function seedAll(): Promise<{ items: number; added: number }> {
  const numbers = numberItems();
  const stored = await readItems(numberItem, numbers);
  const present = new Set(stored.map((n) => keyText(numberItem.key(n))));
  const listed = new Set(stored.filter((n) => n.inventoryKey).map((n) => keyText(numberItem.key(n))));
  const missing = numbers.filter((n) => !present.has(keyText(n)));
  const unlisted = numbers.filter((n) => present.has(keyText(n)) && !listed.has(keyText(n)));
  const reference = referenceItems();
  const edited = await editedKeys();
  await batchPutAll([...reference.filter((item) => !edited.has(`${String(item.pk)}|${String(item.sk)}`)), ...missing]);
  for (const n of unlisted) await backfill(n);
  // Numbers from before the picker's index (a local table kept across versions): listed and held as their locks say.
  for (const n of stored.filter((s) => !s.pickerList && !s.retiredAt)) await backfillNumber(n);
  await recomputePriceSummary();
  clearReferenceCache();
  return { items: reference.length + numbers.length, added: missing.length };
}

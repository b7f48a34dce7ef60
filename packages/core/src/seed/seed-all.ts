import { batchGetAll, batchPutAll, type Key } from '../db';
import { catalogKeys, clearReferenceCache, numberFactsOf, recomputePriceSummary, summarizePrices } from '../catalog';
import { contentKeys } from '../content';
import { rentalKeys } from '../rental/keys';
import { seedBlogPosts } from './blog-posts';
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
    ...seedBlogPosts.map((p) => ({ ...contentKeys.blogPost(p.id), ...p })),
    // A number's fixed facts (safe to rewrite) by its E.164, for inbound SMS, and by its id, for a purchase.
    ...seedCatalog.numbers.flatMap((n) => [
      { ...rentalKeys.phone(n.e164), ...numberFactsOf(n) },
      { ...catalogKeys.numberById(n.numberId), ...numberFactsOf(n) },
    ]),
  ];
}

/** Numbers carry live state (rented, retired), so they are only ever added, never rewritten. */
function numberItems(): (Key & object)[] {
  // The source is a fixed fact, kept on the lookup items above only.
  return seedCatalog.numbers.map(({ source: _fixed, ...n }) => ({ ...catalogKeys.number(n.countryId, n.typeId, n.numberId), ...n }));
}

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
  const present = new Set((await batchGetAll<Key>(numbers.map(({ pk, sk }) => ({ pk, sk })))).map(({ pk, sk }) => `${pk}|${sk}`));
  const missing = numbers.filter(({ pk, sk }) => !present.has(`${pk}|${sk}`));
  const reference = referenceItems() as (Key & object)[];
  const catalogue = reference.filter(({ pk }) => editable(pk));
  const stored = await batchGetAll<Key & { editedAt?: string }>(catalogue.map(({ pk, sk }) => ({ pk, sk })));
  const edited = new Set(stored.filter((item) => item.editedAt).map(({ pk, sk }) => `${pk}|${sk}`));
  await batchPutAll([...reference.filter(({ pk, sk }) => !edited.has(`${pk}|${sk}`)), ...missing]);
  await recomputePriceSummary();
  clearReferenceCache();
  return { items: reference.length + numbers.length, added: missing.length };
}

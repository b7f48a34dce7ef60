import { batchGetAll, batchPutAll, type Key } from '../db';
import { catalogKeys, clearReferenceCache, numberFactsOf, summarizePrices } from '../catalog';
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

/**
 * Idempotent: reference data is rewritten with plain Puts of fixed keys; numbers already in the
 * table are left as they are, so seeding a running system never frees a rented number.
 */
export async function seedAll(): Promise<{ items: number; added: number }> {
  const numbers = numberItems();
  const present = new Set((await batchGetAll<Key>(numbers.map(({ pk, sk }) => ({ pk, sk })))).map(({ pk, sk }) => `${pk}|${sk}`));
  const missing = numbers.filter(({ pk, sk }) => !present.has(`${pk}|${sk}`));
  const reference = referenceItems();
  await batchPutAll([...reference, ...missing]);
  clearReferenceCache();
  return { items: reference.length + numbers.length, added: missing.length };
}

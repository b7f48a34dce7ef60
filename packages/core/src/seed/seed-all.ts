import { batchPutAll } from '../db';
import { catalogKeys } from '../catalog';
import { contentKeys } from '../content';
import { seedBlogPosts } from './blog-posts';
import { seedCatalog } from './facts';

/** Every seed item with its table keys. */
export function seedItems(): object[] {
  const { rentTimes, countries, services, offers, privateOffers, numbers } = seedCatalog;
  return [
    ...rentTimes.map((t) => ({ ...catalogKeys.rentTime(t.id), ...t })),
    ...countries.map((c) => ({ ...catalogKeys.country(c.id), ...c })),
    ...services.map((s) => ({ ...catalogKeys.service(s.id), ...s })),
    ...offers.map((o) => ({ ...catalogKeys.offer(o.countryId, o.serviceId), ...o })),
    ...privateOffers.map((p) => ({ ...catalogKeys.privateOffer(p.countryId), ...p })),
    ...numbers.map((n) => ({ ...catalogKeys.number(n.countryId, n.typeId, n.numberId), ...n })),
    ...seedBlogPosts.map((p) => ({ ...contentKeys.blogPost(p.id), ...p })),
  ];
}

/**
 * Writes the seed with plain Puts of fixed keys: running it twice leaves the same data.
 * Note: it also resets seeded numbers to 'available'.
 */
export async function seedAll(): Promise<{ items: number }> {
  const items = seedItems();
  await batchPutAll(items);
  return { items: items.length };
}

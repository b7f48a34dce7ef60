import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Run core's idempotent seedAll(). Over on-disk state it runs only when the table is new or the
 * seed data changed (a fingerprint in `<dataDir>/seed.json`): DynamoDB Local on disk takes tens of
 * seconds for it, and a re-seed would put numbers rented since back to 'available'.
 */
export async function seed(options: { dataDir?: string; tableIsNew: boolean; log: (line: string) => void }): Promise<void> {
  const { seedAll, seedItems } = await import('@numbernest/core/seed');
  if (!options.dataDir) {
    await seedAll();
    return;
  }
  const file = join(options.dataDir, 'seed.json');
  const fingerprint = createHash('sha256').update(JSON.stringify(seedItems())).digest('hex');
  const seeded = existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { fingerprint?: string }).fingerprint === fingerprint;
  if (seeded && !options.tableIsNew) return;
  options.log('Seeding the catalogue into DynamoDB Local (on disk this takes a little while)…');
  const { items } = await seedAll();
  writeFileSync(file, JSON.stringify({ fingerprint, items, at: new Date().toISOString() }, null, 2));
}

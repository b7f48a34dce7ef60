/**
 * Parts of `npm run bench` on their own, for working on them without the whole bench: a fresh local
 * cloud (seeded, in memory, serving web/dist as built) on BENCH_PORT (default 3310), then `BENCH_PARTS`
 * (default `journey,sweep`; `lighthouse` too, in bench.ts's order), then the reconciliation of that table.
 *   SWEEP_SIZES=1000,10000 JOURNEY_CUSTOMERS=20 JOURNEY_SECONDS=10 npx tsx scripts/src/bench-scale.ts
 */
import { resolve } from 'node:path';
import { startLocalCloud } from '@numbernest/local';
import { benchLighthouse, printLighthouse } from './bench-lighthouse';
import { benchJourney, printJourney } from './bench-journey';
import { benchPickerSweep, printSweep } from './bench-picker-sweep';

process.env.LOG_LEVEL ??= 'warn';
const parts = new Set((process.env.BENCH_PARTS ?? 'journey,sweep').split(','));
const dist = resolve(import.meta.dirname, '../../web/dist');
const cloud = await startLocalCloud({
  port: Number(process.env.BENCH_PORT ?? 3310),
  seed: true,
  web: parts.has('lighthouse') ? { mode: 'dist', dir: dist } : false,
  log: () => undefined,
});
try {
  if (parts.has('lighthouse')) printLighthouse(await benchLighthouse(cloud));
  if (parts.has('journey')) printJourney(await benchJourney(cloud));
  if (parts.has('sweep')) printSweep(await benchPickerSweep(cloud));
  const { reconcile } = await import('@numbernest/core/operations');
  const books = await reconcile();
  console.log(`\nReconciliation: ${books.problems} finding(s) ${books.problems ? 'FAILED' : 'OK'}`);
  for (const check of books.checks) if (check.problems.length) console.log(`  ✗ ${check.name}: ${check.problems.slice(0, 3).join('; ')}`);
  if (books.problems) process.exitCode = 1;
} finally {
  await cloud.stop();
}

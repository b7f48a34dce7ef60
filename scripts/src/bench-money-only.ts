/**
 * The money figures of `npm run bench` alone (webhook-to-credit, transfers, their raw floor), for
 * measuring a change to the money paths without the whole bench: `npx tsx scripts/src/bench-money-only.ts`.
 * Same local cloud (loopback, seeded, no web app) and the same bounded load as the full bench.
 */
import { startLocalCloud } from '@numbernest/local';
import { benchMoney } from './bench-money';

process.env.LOG_LEVEL ??= 'warn';
const cloud = await startLocalCloud({ port: Number(process.env.BENCH_PORT ?? 3300), seed: true, web: false, log: () => undefined });
try {
  const money = await benchMoney(cloud);
  const floor = Math.max(1, money.raw.p99);
  const ratio = (p99: number) => Math.round((p99 / floor) * 100) / 100;
  console.log(`Money: ${money.callers} concurrent callers`);
  console.log('operation'.padEnd(42), 'p50'.padStart(7), 'p99'.padStart(7), 'count'.padStart(7), 'errors'.padStart(7));
  for (const [name, f] of [
    ['raw TransactWriteItems (transfer shape)', money.raw],
    ['webhook -> credited (Stripe)', money.webhook],
    ['POST /api/user/transfers', money.transfers],
  ] as const)
    console.log(name.padEnd(42), String(f.p50).padStart(7), String(f.p99).padStart(7), String(f.count).padStart(7), String(f.errors).padStart(7));
  console.log(`webhook p99 / raw p99 = ${ratio(money.webhook.p99)}, transfer p99 / raw p99 = ${ratio(money.transfers.p99)}`);
} finally {
  await cloud.stop();
}

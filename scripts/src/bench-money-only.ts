/**
 * The money figures of `npm run bench` alone (webhook-to-credit, transfers, their raw floor), for
 * measuring a change to the money paths without the whole bench: `npx tsx scripts/src/bench-money-only.ts`.
 * Same local cloud (loopback, seeded, no web app) and the same bounded load as the full bench.
 */
import { startLocalCloud } from '@numbernest/local';
import { benchMoney, printMoney } from './bench-money';

process.env.LOG_LEVEL ??= 'warn';
const cloud = await startLocalCloud({ port: Number(process.env.BENCH_PORT ?? 3300), seed: true, web: false, log: () => undefined });
try {
  printMoney(await benchMoney(cloud));
} finally {
  await cloud.stop();
}

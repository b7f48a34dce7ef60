/**
 * The handler_api figure of `npm run bench` (docs/architecture.md#budgets): getStatus through
 * `/stubs/handler_api.php` at `callers` concurrent callers, next to the raw DynamoDB read the action
 * makes (the activation's GetItem, core's `findActivation`), measured in the same run at the same pace.
 *
 * The protocol allows 20 requests per second per key (ERROR_RATE_LIMIT above it), so each caller has
 * its own key (5 per user) and starts a request at most every `intervalMs` (about 16/s): the figure
 * is the latency of a well-behaved poller, not a flood. A rate-limited answer counts as an error.
 */
import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '@numbernest/local';
import { benchUser } from './bench-money';
import { percentile } from './percentile';

export interface PollTiming {
  count: number;
  p50: number;
  p99: number;
  perSecond: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `callers` loops, each starting `work` at most every `intervalMs`, `perCaller` times; latencies in ms. */
async function paced(callers: number, perCaller: number, intervalMs: number, work: (caller: number) => Promise<boolean>): Promise<PollTiming> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      await sleep((caller * intervalMs) / callers); // spread the callers over one interval
      for (let i = 0; i < perCaller; i++) {
        const start = performance.now();
        const ok = await work(caller).catch(() => false);
        const took = performance.now() - start;
        if (ok) latencies.push(took);
        else errors++;
        if (took < intervalMs) await sleep(intervalMs - took);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((percentile(latencies, q) ?? 0) * 10) / 10;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), perSecond: Math.round(latencies.length / seconds), errors };
}

export async function benchHandlerApi(cloud: LocalCloud, callers = 64, perCaller = 60, intervalMs = 60) {
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  const { findUser } = await import('@numbernest/core/accounts');
  const { createApiKey, maxLiveKeys } = await import('@numbernest/core/developer');
  const { findActivation } = await import('@numbernest/core/rentals');

  const endpoint = `${cloud.url}/stubs/handler_api.php`;
  const protocol = async (params: Record<string, string>) => (await fetch(`${endpoint}?${new URLSearchParams(params)}`)).text();

  // Users with a balance and 5 keys each (one key per caller); one Temporary activation per user.
  const users = Math.ceil(callers / maxLiveKeys);
  const keys: string[] = [];
  const activationOfKey: string[] = [];
  for (let u = 0; u < users; u++) {
    const { sub } = await benchUser(cloud);
    await applyLedgerTransaction({
      idempotencyKey: `bench-api:${sub}`,
      changes: [{ sub, amountCents: 10_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } }],
    });
    const user = (await findUser(sub))!;
    const mine: string[] = [];
    for (let k = 0; k < maxLiveKeys && keys.length + mine.length < callers; k++) mine.push((await createApiKey(user, `bench ${k}`)).key);
    // Any service and country with a Temporary number on offer (the protocol's own getPrices).
    const prices = JSON.parse(await protocol({ api_key: mine[0]!, action: 'getPrices' })) as Record<string, Record<string, { count: number }>>;
    const offers = Object.entries(prices).flatMap(([country, services]) =>
      Object.entries(services)
        .filter(([, s]) => s.count > 0)
        .map(([service]) => ({ country, service })),
    );
    let match: RegExpExecArray | null = null;
    let bought = 'no Temporary number on offer (seeded catalogue?)';
    for (const offer of offers) {
      bought = await protocol({ api_key: mine[0]!, action: 'getNumber', service: offer.service, country: offer.country });
      if ((match = /^ACCESS_NUMBER:(\d+):/.exec(bought))) break;
    }
    if (!match) throw new Error(`getNumber answered ${bought}`);
    for (const key of mine) {
      keys.push(key);
      activationOfKey.push(match[1]!);
    }
  }

  const getStatus = await paced(callers, perCaller, intervalMs, async (caller) => {
    const answer = await protocol({ api_key: keys[caller]!, action: 'getStatus', id: activationOfKey[caller]! });
    return answer.startsWith('STATUS_');
  });
  const raw = await paced(callers, perCaller, intervalMs, async (caller) => (await findActivation(Number(activationOfKey[caller]))) !== undefined);
  return { callers, intervalMs, getStatus, raw };
}

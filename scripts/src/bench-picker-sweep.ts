/**
 * The picker at growing inventory (`npm run bench`): one (country, type) of the bench's own is
 * filled through the operators' import to each size in turn (default 1,000, 10,000, 100,000;
 * `SWEEP_SIZES=1000,10000` for fewer), and after each the same POST /api/get-numbers load runs
 * for `SWEEP_SECONDS` (default 5) at `SWEEP_CONNECTIONS` concurrent callers (default 16), next to
 * the raw read underneath it in the same run. The figure
 * that matters is the ratio p99 at the largest size / p99 at the smallest: a picker whose cost
 * follows what it shows, not what is stored, keeps it near 1 (target <= 1.3).
 */
import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '@numbernest/local';
import { addBenchCountry, importRange, pickerRead } from './bench-inventory';
import { percentile } from './percentile';

/** Norway: not a seeded country; +47 41 000000 onwards are 100,000+ valid mobile numbers (libphonenumber-js). */
const sweepCountry = { id: 901, name: 'Norway (bench)', iso: 'no', dialCode: '47' };
const firstNumber = 4741000000;
const shared = 1;

export interface SweepStep {
  numbers: number;
  /** Seconds the import took to bring the inventory from the previous size to this one. */
  writeSeconds: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Size of one answer's body (the first page, as the web asks for it). */
  bytes: number;
  /** How many numbers that answer listed (0: it failed). */
  listed: number;
  /** That answer's status (the handler's timeout answers 500 when a read outlasts it). */
  status: number;
  raw: { p50: number; p99: number; rps: number };
}

export interface Sweep {
  connections: number;
  seconds: number;
  steps: SweepStep[];
  /** p99 at the largest size / p99 at the smallest (target <= 1.3). */
  ratio: number;
  elapsedSeconds: number;
}

export const sweepSizes = () =>
  (process.env.SWEEP_SIZES ?? '1000,10000,100000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);

/**
 * `connections` callers, each starting `work` again as soon as it returns, for `seconds`; a call
 * still running at the end is waited for and counted. (autocannon, which the catalogue table uses,
 * drops the requests in flight when its time is up: at a size where one answer takes longer than
 * the run, it would report no latency at all rather than a slow one.)
 */
async function closedLoop(connections: number, seconds: number, work: () => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        // A failed answer counts in the latencies too: a request cut off at the timeout took that long.
        if (!(await work().catch(() => false))) errors++;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(percentile(latencies, q) ?? 0);
  return { p50: at(0.5), p99: at(0.99), rps: Math.round(latencies.length / ((performance.now() - started) / 1000)), errors };
}

export async function benchPickerSweep(
  cloud: LocalCloud,
  connections = Number(process.env.SWEEP_CONNECTIONS ?? 16),
  seconds = Number(process.env.SWEEP_SECONDS ?? 5),
): Promise<Sweep> {
  const started = performance.now();
  const { seedCatalog } = await import('@numbernest/core/seed');
  const service = seedCatalog.services.find((s) => s.slug === 'google')!.id;
  await addBenchCountry({ ...sweepCountry, serviceIds: [service] });

  const url = `${cloud.url}/api/get-numbers`;
  const body = { country_id: sweepCountry.id, service_provider_id: service, mobile_number_type_id: shared };
  const steps: SweepStep[] = [];
  let stored = 0;
  for (const size of sweepSizes()) {
    const writeSeconds = await importRange(sweepCountry.id, shared, firstNumber + stored, size - stored);
    stored = size;
    console.log(`  picker sweep: ${size} numbers stored (${writeSeconds} s to write)`);
    // One answer as the web asks for it: its size and how many it listed (none when it failed, e.g. timed out).
    const reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await reply.text();
    const listed = reply.status === 200 ? (JSON.parse(text) as { data: unknown[] }).data.length : 0;
    const raw = await closedLoop(connections, seconds, async () => Boolean(await pickerRead(sweepCountry.id, shared, service)));
    const api = await closedLoop(connections, seconds, async () => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      return response.status === 200;
    });
    steps.push({
      numbers: size,
      writeSeconds,
      ...api,
      bytes: Buffer.byteLength(text),
      listed,
      status: reply.status,
      raw: { p50: raw.p50, p99: raw.p99, rps: raw.rps },
    });
  }
  const first = steps[0]!;
  const last = steps.at(-1)!;
  return {
    connections,
    seconds,
    steps,
    ratio: Math.round((last.p99 / Math.max(1, first.p99)) * 100) / 100,
    elapsedSeconds: Math.round((performance.now() - started) / 1000),
  };
}

export function printSweep(sweep: Sweep): void {
  console.log(
    `\nPicker at growing inventory: POST /api/get-numbers (Shared, one country), ${sweep.connections} concurrent callers, ${sweep.seconds} s per size`,
  );
  console.log(
    'numbers'.padEnd(10),
    'write s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'req/s'.padStart(8),
    'errors'.padStart(7),
    'bytes/resp'.padStart(11),
    'listed'.padStart(7),
    'raw p50'.padStart(8),
    'raw p99'.padStart(8),
  );
  for (const s of sweep.steps) {
    console.log(
      String(s.numbers).padEnd(10),
      String(s.writeSeconds).padStart(8),
      String(s.p50).padStart(7),
      String(s.p99).padStart(7),
      String(s.rps).padStart(8),
      String(s.errors).padStart(7),
      String(s.bytes).padStart(11),
      (s.status === 200 ? String(s.listed) : `HTTP ${s.status}`).padStart(7),
      String(s.raw.p50).padStart(8),
      String(s.raw.p99).padStart(8),
    );
  }
  const [first, last] = [sweep.steps[0]!, sweep.steps.at(-1)!];
  console.log(
    `p99 @ ${last.numbers} / p99 @ ${first.numbers} = ${sweep.ratio} (target <= 1.3) ${sweep.ratio <= 1.3 ? 'OK' : 'OVER'}; the sweep took ${sweep.elapsedSeconds} s`,
  );
}

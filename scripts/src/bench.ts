/**
 * `npm run bench`: figures, not tests. Prints and writes bench/results.json:
 * - the catalogue endpoints under autocannon (64 connections, 10 s each): p50, p99, requests/s;
 * - a raw DynamoDB Local read at the same concurrency, measured in the same run: the numbers Query
 *   that POST /get-numbers makes, the one live read on a picker request (reference data such as
 *   countries and prices is cached per warm Lambda, see core/catalogue/reference-cache.ts), and the
 *   API/raw p99 ratio (target <= 1.5);
 * - the JavaScript the landing route loads in Chromium, gzipped (target <= 100 KB; web/prerender/landing-js.ts);
 * - money (bench-money.ts): webhook-to-credit and transfers at 32 concurrent callers, next to a raw
 *   TransactWriteItems of a transfer's shape measured in the same run; purchases likewise, and the
 *   100-way race for one Private number;
 * - OTP latency (bench-otp.ts): signed SMS webhook to the text visible in an open Chromium tab.
 * - Developer API (bench-handler-api.ts): getStatus through /stubs/handler_api.php next to its raw GetItem.
 * - Partners' agents (bench-agents.ts): getNumber served by the stand-in SIM bank next to one served from
 *   our own numbers, and the agent's own GET_NUMBER time apart.
 * - Lambda bundles (lambda-bundles.ts): every function bundled as SST does, largest and median size
 *   (target: largest <= 150 KB), and the cold start of the largest HTTP handler in a fresh Node process.
 * - Code extraction (bench-code-extraction.ts): extractCode on a hostile SMS text of 1,000, 10,000 and
 *   100,000 characters, ms per call (the median of 9).
 * - Lighthouse (bench-lighthouse.ts), mobile preset: the public pages and the signed-in dashboard.
 * - The picker at growing inventory (bench-picker-sweep.ts): POST /api/get-numbers at 1,000, 10,000
 *   and 100,000 numbers in one (country, type), written through the operators' import; p99 at the
 *   largest / p99 at the smallest (target <= 1.3).
 * - A customer's journey under load (bench-journey.ts): 200 customers signing in, listing, buying,
 *   receiving an SMS, reading its code and closing, for 60 s; journeys/s, p95 per step, errors
 *   (target 0) and the ledger check.
 * - The reconciliation of the bench's own table after all that traffic (`npm run reconcile`'s checks).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startLocalCloud } from '@numbernest/local';
import { benchMoney, benchPurchases, printMoney, printOperation, printOperationHeader } from './bench-money';
import { benchOtpLatency } from './bench-otp';
import { benchHandlerApi } from './bench-handler-api';
import { benchAgentPurchases, printAgentPurchases } from './bench-agents';
import { benchTimeToCode, printTimeToCode } from './bench-routing';
import { lambdaBundleFigures } from './lambda-bundles';
import { benchCodeExtraction, printCodeExtraction } from './bench-code-extraction';
import { benchLighthouse, printLighthouse } from './bench-lighthouse';
import { pickerRead } from './bench-inventory';
import { benchPickerSweep, printSweep } from './bench-picker-sweep';
import { benchJourney, printJourney } from './bench-journey';
// The landing figure is counted the one way the web's landing budget test counts it.
import { landingTargetKB, launchChromium, pageJavaScript } from '../../web/prerender/landing-js';
import { percentile } from './percentile';
import { buildWebApp } from './web-build';

const root = resolve(import.meta.dirname, '../..');
const connections = 64;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function loadTest(title: string, url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}, seconds = duration): Promise<Figures> {
  const result = await autocannon({
    title,
    url,
    connections,
    duration: seconds,
    method: init.method ?? 'GET',
    headers: init.body ? { 'content-type': 'application/json' } : {},
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/** The floor under the API: the same read straight from DynamoDB Local, `connections` at a time. */
async function rawRead(read: () => Promise<unknown>, seconds = duration): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await read();
          latencies.push(performance.now() - start);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(percentile(latencies, q)!);
  return { p50: at(0.5), p99: at(0.99), rps: Math.round(latencies.length / seconds), errors };
}

async function main() {
  // The landing figure is of the production build, so build it first.
  const port = Number(process.env.BENCH_PORT ?? 3300);
  if (!buildWebApp(port)) throw new Error('web build failed');
  // The handlers' JSON request lines would bury the figures (and cost the run time): warnings only.
  process.env.LOG_LEVEL ??= 'warn';
  const cloud = await startLocalCloud({
    port,
    seed: true,
    web: { mode: 'dist', dir: resolve(root, 'web/dist') },
    log: () => undefined,
  });
  try {
    // Imported after the cloud has set the emulator endpoints in process.env.
    const { listCountries } = await import('@numbernest/core/catalogue');
    const api = `${cloud.url}/api`;
    const [country] = await listCountries();
    const services = (await (await fetch(`${api}/mobile-number-providers/${country!.id}`)).json()) as { data: { id: number }[] };
    const service = services.data[0]!;
    // The very read POST /get-numbers (Shared) makes, without the HTTP and handler around it.
    const numbersQuery = () => pickerRead(country!.id, 1, service.id);

    console.log(`Catalogue under autocannon: ${connections} connections, ${duration} s each\n`);
    const getNumbers = { method: 'POST', body: { country_id: country!.id, service_provider_id: service.id, mobile_number_type_id: 1 } } as const;
    // DynamoDB Local is a JVM: warm it up so neither side is measured cold (after 3 s the raw read's
    // p99 still halved over the next 30, so the API, measured in between, met a colder emulator than
    // the floor it was held to), then take the raw read before and after the API runs and compare
    // against the faster of the two (the stricter floor).
    await rawRead(numbersQuery, 20);
    await loadTest('numbers (warm-up)', `${api}/get-numbers`, getNumbers, 5);
    const rawBefore = await rawRead(numbersQuery);
    const endpoints = {
      'GET /api/mobile-number-countries': await loadTest('countries', `${api}/mobile-number-countries`),
      'GET /api/mobile-number-rent-times': await loadTest('rent-times', `${api}/mobile-number-rent-times`),
      'GET /api/mobile-number-providers/{id}': await loadTest('providers', `${api}/mobile-number-providers/${country!.id}`),
      'POST /api/get-numbers (shared)': await loadTest('numbers', `${api}/get-numbers`, getNumbers),
      'GET /api/private-numbers': await loadTest('private', `${api}/private-numbers`),
    };
    const rawAfter = await rawRead(numbersQuery);
    const raw = rawAfter.p99 < rawBefore.p99 ? rawAfter : rawBefore;
    const worstP99 = Math.max(...Object.values(endpoints).map((e) => e.p99));
    const ratio = Math.round((worstP99 / Math.max(1, raw.p99)) * 100) / 100;
    const landing = await pageJavaScript(cloud.url);

    const rows = [['raw numbers Query, before', rawBefore] as const, ['raw numbers Query, after', rawAfter] as const, ...Object.entries(endpoints)];
    console.log('endpoint'.padEnd(42), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'req/s'.padStart(8), 'errors'.padStart(7));
    for (const [name, f] of rows) {
      console.log(name.padEnd(42), String(f.p50).padStart(7), String(f.p99).padStart(7), String(f.rps).padStart(8), String(f.errors).padStart(7));
    }
    console.log(`\nworst API p99 / raw read p99 = ${ratio} (target <= 1.5) ${ratio <= 1.5 ? 'OK' : 'OVER'}`);
    console.log(
      `landing route JavaScript: ${landing.gzipKB} KB gzipped in ${landing.files} files (${landing.rawKB} KB raw; target <= ${landingTargetKB}) ${landing.gzipKB <= landingTargetKB ? 'OK' : 'OVER'}`,
    );
    for (const f of landing.largest.slice(0, 5)) console.log(`  ${f.file} ${f.gzipKB} KB`);

    const money = await benchMoney(cloud);
    printMoney(money);

    const purchases = await benchPurchases(cloud);
    console.log(`\nPurchases: ${purchases.callers} concurrent callers`);
    for (const [name, f] of [
      ["raw TransactWriteItems (a purchase's own)", purchases.raw],
      ['POST /api/user/rentals', purchases.purchases],
    ] as const)
      printOperation(name, f);
    const purchaseRatio = Math.round((purchases.purchases.p99 / Math.max(1, purchases.raw.p99)) * 100) / 100;
    console.log(`purchase p99 / raw p99 = ${purchaseRatio} (target <= 1.5) ${purchaseRatio <= 1.5 ? 'OK' : 'OVER'}`);
    console.log(
      `100 concurrent purchases of one Private number: ${purchases.race.created} created, ${purchases.race.conflicts} conflicts (409), ${purchases.race.other} other`,
    );

    const browser = await launchChromium();
    const otp = await benchOtpLatency(cloud, browser).finally(() => browser.close());
    console.log(`\nOTP latency (signed Twilio webhook POST -> text visible in an open Chromium tab, by push), ${otp.messages} messages:`);
    console.log(
      `  p50 ${otp.p50} ms, p95 ${otp.p95} ms, max ${otp.max} ms, ${otp.missed} not shown within 5 s (target p95 <= 500) ${otp.p95 <= 500 && otp.missed === 0 ? 'OK' : 'OVER'}`,
    );

    const handlerApi = await benchHandlerApi(cloud, connections);
    console.log(
      `\nDeveloper API: getStatus through /stubs/handler_api.php, ${handlerApi.callers} concurrent callers (one key each, a request every ${handlerApi.intervalMs} ms: under 20/s per key)`,
    );
    printOperationHeader();
    for (const [name, f] of [
      ['raw GetItem (findActivation)', handlerApi.raw],
      ['GET /stubs/handler_api.php getStatus', handlerApi.getStatus],
    ] as const)
      printOperation(name, f);
    console.log(`getStatus p99 / raw p99 = ${Math.round((handlerApi.getStatus.p99 / Math.max(1, handlerApi.raw.p99)) * 100) / 100}`);

    const agents = await benchAgentPurchases(cloud);
    printAgentPurchases(agents);
    printTimeToCode(await benchTimeToCode(cloud));

    const lambdaBundles = await lambdaBundleFigures();
    const { largest, coldStart } = lambdaBundles;
    console.log(`\nLambda bundles: ${lambdaBundles.functions} functions bundled as SST does (esbuild, minified, ESM, @aws-sdk/* external)`);
    console.log(
      `  largest ${largest.kb} KB (${largest.handler}), median ${lambdaBundles.medianKb} KB (target: largest <= ${lambdaBundles.budgetKb}) ${lambdaBundles.overBudget.length ? 'OVER' : 'OK'}`,
    );
    for (const { kb, handlers } of lambdaBundles.lazy) console.log(`  + ${kb} KB loaded only when used (dynamic import): ${handlers.join(', ')}`);
    console.log(
      `  cold start of ${coldStart.handler}: ${coldStart.ms} ms to import and answer one request (${coldStart.statusCode}), ${coldStart.processMs} ms with Node's start-up (median of ${coldStart.runs})`,
    );

    const codeExtraction = await benchCodeExtraction();
    printCodeExtraction(codeExtraction);

    const lighthouse = await benchLighthouse(cloud);
    printLighthouse(lighthouse);

    // Last of the traffic, so the countries they add change nothing measured above; before the books.
    // The journey first: a sweep's slowest reads may still be running after its figures are taken.
    const journey = await benchJourney(cloud);
    printJourney(journey);
    if (journey.errors || journey.ledger.problems) process.exitCode = 1;
    const pickerSweep = await benchPickerSweep(cloud);
    printSweep(pickerSweep);

    // The books after all that traffic (the raw floors' BENCH# items are not the app's and are not read).
    const { reconcile } = await import('@numbernest/core/operations');
    const books = await reconcile();
    console.log(`\nReconciliation of the bench's table: ${books.problems} finding(s) ${books.problems ? 'FAILED' : 'OK'}`);
    for (const check of books.checks)
      console.log(
        `  ${check.problems.length ? '✗' : '✓'} ${check.name} (${check.checked} checked)${check.problems.length ? `: ${check.problems.slice(0, 3).join('; ')}` : ''}`,
      );
    if (books.problems) process.exitCode = 1;

    await mkdir(resolve(root, 'bench'), { recursive: true });
    const reconciliation = {
      problems: books.problems,
      checks: books.checks.map(({ name, checked, problems }) => ({ name, checked, problems: problems.length })),
    };
    const results = {
      at: new Date().toISOString(),
      connections,
      durationSeconds: duration,
      raw: { before: rawBefore, after: rawAfter },
      endpoints,
      ratio,
      landing,
      money,
      purchases,
      otp,
      handlerApi,
      agents,
      lambdaBundles,
      codeExtraction,
      lighthouse,
      pickerSweep,
      journey,
      reconciliation,
    };
    await writeFile(resolve(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('\nwritten to bench/results.json');
  } finally {
    await cloud.stop();
  }
}

await main();

/**
 * Every Lambda of the app bundled as SST 4.17 bundles a Node.js function (pkg/runtime/node/build.go):
 * esbuild, bundle, platform node, ESM with its createRequire/__dirname banner, target by runtime
 * (nodejs22.x -> es2023), keepNames on, main fields module/main, `sharp` and `pg-native`
 * external. On top of SST's defaults, as the stack is meant to deploy them: minified, and the AWS SDK v3
 * (`@aws-sdk/*`) left external because the Lambda runtime provides it. Sizes are of the bundle
 * file only (the linked source map is a separate file, not loaded on a cold start).
 *
 * The functions: every row of the route table, the socket routes and Cognito triggers (their
 * tables in packages/functions/src), the scheduled jobs (jobs/schedules.ts), and the handlers stacks/*.ts name
 * literally (the queue consumer).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type BuildResult } from 'esbuild';
import { routes } from '../../packages/functions/src/routes';
import { socketRoutes } from '../../packages/functions/src/realtime/routes';
import { jobSchedules } from '../../packages/functions/src/jobs/schedules';
import { cognitoTriggers } from '../../packages/functions/src/triggers';

const root = resolve(import.meta.dirname, '../..');
const functionsSrc = resolve(root, 'packages/functions/src');

/** Every handler at most this many bytes, minified, so cold starts stay short (docs/architecture.md#budgets). */
export const lambdaBundleBudgetBytes = 150 * 1024;

/**
 * The functions with a budget of their own:
 * - the Telegram bot's webhook runs grammY (about 95 KB minified, its ESM web build) on every update,
 *   next to the purchase path of /buy and the rental's end for Report number (the web's reportRental:
 *   the refund, the lock's block, the standing and the agent's finish, about 9 KB, and its words in
 *   three languages, about 3.5 KB). grammY stays in that function alone: forwarding and the
 *   settings' handlers call the Bot API with plain fetch.
 * - the developer API (handler_api) buys from partners' agents when our own numbers run out: choosing
 *   the agent, handing a refused number back, making its number ours (about 5 KB with the items it
 *   reads), the partner's share rule and standing, and the agent's activation index in the purchase's
 *   and the end's transactions (about 8 KB in all); and getPrices's delivery rates (the 30 days' Query of
 *   a country's delivery counters, about 1 KB). The protocol's codec, schemas and client stay out
 *   of its cold start (`shared/agent-protocol`, imported lazily); the rest cannot be: esbuild keeps in
 *   the entry's chunk whatever a door makes reachable, lazily imported or not. Then from upstream
 *   providers (about 8 KB more): their fresh offers, the choice within the margin and the time budget,
 *   the money helpers, making their number ours, and the live-activation and end items in the
 *   purchase's and the end's transactions; their wire (`shared/upstream-protocol`) is imported lazily.
 *   Then the router over all three (about 5 KB): the operators' source rules, the sources' measured
 *   delivery, the ranking and the purchase's decision record.
 *   Then the saved price limits read beside every purchase, and a repeat found by its number (about 1 KB).
 * - the web's purchase (`rentals/purchase`) buys "any number" through the same router, agents' and
 *   upstreams' paths with it (the same code as the developer API's, about 4 KB over the default).
 * - the 5sim-compatible API (`fivesim-api`) buys through that same purchase path as handler_api does,
 *   and rents hosting numbers and reads the ledger's pages besides (about 2 KB more than handler_api).
 * - the OpenAPI document (`GET /api/openapi.json`) holds every contract's schemas, the route table and
 *   zod's JSON Schema converter (about 22 KB), and the 5sim-compatible API's contract with its part
 *   of the document (about 8.5 KB): 149.7 KB in all, at the default's edge. It is built once per
 *   process and serves no customer's request path.
 */
export const lambdaBundleBudgetExceptions: Readonly<Record<string, number>> = {
  'webhooks/telegram.handler': 234 * 1024,
  'handler-api.handler': 176 * 1024,
  'fivesim-api.handler': 178 * 1024,
  'rentals/purchase.handler': 156 * 1024,
  'openapi/handler.handler': 158 * 1024,
};

/** A handler's budget in bytes. */
export const lambdaBudgetOf = (handler: string) => lambdaBundleBudgetExceptions[handler] ?? lambdaBundleBudgetBytes;

/** SST's options for a `nodejs22.x` function, with the `nodejs` settings of stacks/function-defaults.ts (minify, splitting, SDK external). */
export const sstBuildOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'es2023',
  keepNames: true,
  mainFields: ['module', 'main'],
  external: ['sharp', 'pg-native', '@aws-sdk/*'],
  minify: true,
  // Dynamic imports in their own chunks: a heavy SDK loads on the path that uses it, not on every cold start.
  splitting: true,
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  banner: {
    js: [
      `import { createRequire as topLevelCreateRequire } from 'module';`,
      `const require = topLevelCreateRequire(import.meta.url);`,
      `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
      `const __filename = topLevelFileUrlToPath(import.meta.url)`,
      `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
      '',
    ].join('\n'),
  },
  logLevel: 'silent',
};

/** A handler string (`<file under packages/functions/src>.<export>`) -> its source file. */
const sourceOf = (handler: string) => {
  const base = resolve(functionsSrc, handler.slice(0, handler.lastIndexOf('.')));
  return ['.ts', '.js', '.mjs'].map((ext) => base + ext).find((file) => existsSync(file));
};

/** Handler strings the stacks write literally: `handlerPath('jobs/deliver-webhook.handler')`. */
function handlersNamedInStacks(): string[] {
  const stacks = resolve(root, 'stacks');
  return readdirSync(stacks)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(resolve(stacks, file), 'utf8').matchAll(/handlerPath\('([^']+)'\)/g)].map((m) => m[1]!));
}

/** Every function the stacks create whose file exists (some are wired only once written), once each. */
export function lambdaHandlers(): string[] {
  const all = [
    ...routes.map((route) => route.handler),
    ...Object.values(socketRoutes),
    ...Object.values(cognitoTriggers),
    ...jobSchedules.map((job) => job.handler),
    ...handlersNamedInStacks(),
  ];
  return [...new Set(all)].filter((handler) => sourceOf(handler)).sort();
}

export interface LambdaBundle {
  handler: string;
  /** What a cold start loads: the handler's file and the chunks it imports statically. */
  bytes: number;
  /** Chunks loaded only by a dynamic `import()` on some path (e.g. the Stripe SDK when a checkout is made). */
  lazyBytes: number;
  /** The bundle on disk (under node_modules/.cache, next to its chunks), for running it. */
  file: string;
}

const outdir = resolve(root, 'node_modules/.cache/lambda-bundles');

type Metafile = NonNullable<BuildResult['metafile']>;

/** Bytes of an output and of the outputs it imports (of the given kinds), transitively. */
function loadedBytes(outputs: Metafile['outputs'], start: string, kinds: string[]): number {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]!.imports) if (!imported.external && kinds.includes(imported.kind)) visit(imported.path);
  };
  visit(start);
  return [...seen].reduce((sum, path) => sum + outputs[path]!.bytes, 0);
}

/** A handler with a dynamic `import()` of bundled code, built alone as SST builds it: split into its file and lazy chunks. */
async function bundleSplit(handler: string, dir: string): Promise<Omit<LambdaBundle, 'handler'>> {
  const { metafile } = await build({ ...sstBuildOptions, entryPoints: [{ in: sourceOf(handler)!, out: 'bundle' }], outdir: dir, metafile: true, write: true });
  const entry = Object.keys(metafile.outputs).find((path) => path.endsWith('/bundle.mjs'))!;
  const bytes = loadedBytes(metafile.outputs, entry, ['import-statement']);
  return { bytes, lazyBytes: loadedBytes(metafile.outputs, entry, ['import-statement', 'dynamic-import']) - bytes, file: resolve(root, entry) };
}

/**
 * Bundles every handler and returns them largest first, written under node_modules/.cache. First
 * one esbuild run with an entry point per handler, without splitting (the shared sources are parsed
 * once): for a handler with no dynamic `import()` that output is byte for byte SST's one-function
 * build, as a single entry point without dynamic imports gives a single file either way. The few
 * handlers with a dynamic import of bundled code are then built alone with splitting.
 */
export async function bundleLambdas(handlers = lambdaHandlers()): Promise<LambdaBundle[]> {
  await rm(outdir, { recursive: true, force: true });
  const entryPoints = handlers.map((handler, i) => ({ in: sourceOf(handler)!, out: `${i}/bundle` }));
  const { metafile } = await build({ ...sstBuildOptions, splitting: false, entryPoints, outdir: resolve(outdir, 'all'), metafile: true, write: true });
  const hasLazyCode = (output: Metafile['outputs'][string]) =>
    Object.keys(output.inputs).some((input) => metafile.inputs[input]?.imports.some((i) => i.kind === 'dynamic-import' && !i.external));
  const bundles = await Promise.all(
    handlers.map(async (handler, i) => {
      const entry = Object.keys(metafile.outputs).find((path) => path.endsWith(`/${i}/bundle.mjs`))!;
      const output = metafile.outputs[entry]!;
      if (hasLazyCode(output)) return { handler, ...(await bundleSplit(handler, resolve(outdir, `split/${i}`))) };
      return { handler, bytes: output.bytes, lazyBytes: 0, file: resolve(root, entry) };
    }),
  );
  return bundles.sort((a, b) => b.bytes - a.bytes);
}

/** API Gateway v2 request with no token and a malformed body: every HTTP handler answers it (401, 400, 415) without AWS. */
const requestNeedingNoAws = (handler: string) => {
  const route = routes.find((r) => r.handler === handler) ?? { method: 'POST', path: '/api/unknown' };
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: '{"not json',
    isBase64Encoded: false,
    requestContext: {
      accountId: '0',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: 'cold-start',
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
};

/** Runs in the fresh process: import the bundle, answer one event, print the timings as JSON. */
const coldStartProbe = `
const started = performance.now();
const { handler } = await import(process.env.BUNDLE_URL);
const imported = performance.now();
const reply = await handler(JSON.parse(process.env.EVENT), { awsRequestId: 'cold-start', getRemainingTimeInMillis: () => 10000 });
console.log(JSON.stringify({ importMs: imported - started, totalMs: performance.now() - started, statusCode: reply?.statusCode }));
`;

export interface ColdStart {
  handler: string;
  /** Importing the bundle plus answering the event, in a fresh Node process (median of the runs). */
  ms: number;
  importMs: number;
  /** Spawn to exit, Node's own start-up included. */
  processMs: number;
  statusCode: number | undefined;
  runs: number;
}

/**
 * The cold start of one HTTP handler's bundle (on disk under node_modules/.cache, so the external
 * `@aws-sdk/*` resolve from the repo, as the runtime provides them): fresh Node processes each
 * import it and answer one request needing no AWS. Any AWS call would go to a closed loopback port.
 */
export async function coldStart(bundle: LambdaBundle, runs = 5): Promise<ColdStart> {
  const dir = dirname(bundle.file);
  const env = {
    PATH: process.env.PATH,
    NODE_OPTIONS: '',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'cold-start',
    AWS_SECRET_ACCESS_KEY: 'cold-start',
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    BUNDLE_URL: pathToFileURL(bundle.file).href,
    EVENT: JSON.stringify(requestNeedingNoAws(bundle.handler)),
  };
  const samples: (Omit<ColdStart, 'handler' | 'ms' | 'runs'> & { totalMs: number })[] = [];
  for (let i = 0; i < runs; i++) {
    const spawned = performance.now();
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', coldStartProbe], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const timer = setTimeout(() => child.kill(), 20_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) done(stdout);
        else fail(new Error(`cold start of ${bundle.handler} failed (exit ${code}): ${stderr.slice(0, 2000)}`));
      });
    });
    const last = output.trim().split('\n').at(-1)!;
    samples.push({ ...JSON.parse(last), processMs: performance.now() - spawned });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    handler: bundle.handler,
    ms: round(median(samples.map((s) => s.totalMs))),
    importMs: round(median(samples.map((s) => s.importMs))),
    processMs: round(median(samples.map((s) => s.processMs))),
    statusCode: samples[0]!.statusCode,
    runs,
  };
}

export interface LambdaBundleFigures {
  functions: number;
  largest: { handler: string; kb: number };
  medianKb: number;
  budgetKb: number;
  overBudget: { handler: string; kb: number }[];
  coldStart: ColdStart;
  sizes: Record<string, number>;
  /** Chunks loaded only on some path (a dynamic import), by size, and the handlers that have them. */
  lazy: { kb: number; handlers: string[] }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function lazyChunks(bundles: LambdaBundle[]): LambdaBundleFigures['lazy'] {
  const bySize = new Map<number, string[]>();
  for (const b of bundles) if (b.lazyBytes > 0) bySize.set(kb(b.lazyBytes), [...(bySize.get(kb(b.lazyBytes)) ?? []), b.handler]);
  return [...bySize].map(([size, handlers]) => ({ kb: size, handlers }));
}

/** The bench section: sizes of every function, and the cold start of the largest HTTP handler. */
export async function lambdaBundleFigures(): Promise<LambdaBundleFigures> {
  const bundles = await bundleLambdas();
  const httpHandlers = new Set(routes.map((route) => route.handler));
  const largest = bundles[0]!;
  // A cold start needs an event the function answers without AWS: the largest one that is an HTTP route.
  const probed = bundles.find((b) => httpHandlers.has(b.handler))!;
  return {
    functions: bundles.length,
    largest: { handler: largest.handler, kb: kb(largest.bytes) },
    medianKb: kb(bundles[Math.floor(bundles.length / 2)]!.bytes),
    budgetKb: kb(lambdaBundleBudgetBytes),
    overBudget: bundles.filter((b) => b.bytes > lambdaBudgetOf(b.handler)).map((b) => ({ handler: b.handler, kb: kb(b.bytes) })),
    coldStart: await coldStart(probed),
    sizes: Object.fromEntries(bundles.map((b) => [b.handler, kb(b.bytes)])),
    lazy: lazyChunks(bundles),
  };
}

/**
 * The item-layer comparison (`npx tsx scripts/src/bench-item-layer.ts`): the same two item types
 * and the ledger's conditional debit written with ElectroDB, dynamodb-toolbox v2 and core's own
 * item layer (`@numbernest/core/db`), next to raw lib-dynamodb code. For
 * each: the minified bundle of a Lambda-like entry built as lambda-bundles.ts builds the app's
 * (AWS SDK external), its import time in a fresh process once the SDK is loaded, the read and the transaction's latency
 * against DynamoDB Local (sequential, after a warm-up, in interleaved rounds), and whether a debit
 * beyond the balance, a repeated idempotency key and a malformed stored item are refused naming
 * what failed. All traffic goes to a DynamoDB Local on a loopback port, started and ended here.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { build } from 'esbuild';
import { applyEnv, ensureTable, tableOnlyEnv, startDynamoDbLocal } from '@numbernest/local';
import { sstBuildOptions } from './lambda-bundles';
import { percentile } from './percentile';
import type { ItemLayerImplementation } from './item-layer-bench/shared';

const root = resolve(import.meta.dirname, '..');
const benchDir = resolve(import.meta.dirname, 'item-layer-bench');
const outdir = resolve(root, '../node_modules/.cache/item-layer-bench');

const implementations = [
  { name: 'raw lib-dynamodb (today)', dir: 'raw' },
  { name: "core's item layer (zod/mini)", dir: 'thin' },
  { name: 'ElectroDB', dir: 'electrodb' },
  { name: 'dynamodb-toolbox', dir: 'toolbox' },
] as const;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round = (ms: number) => Math.round(ms * 100) / 100;

interface Bundle {
  bytes: number;
  /** Bytes each npm package contributes to the bundle (the fixture's own code under `(own)`). */
  byPackage: Record<string, number>;
  file: string;
}

/** One entry bundled with the app's Lambda options (one file: an entry without dynamic imports is one file either way). */
async function bundle(entry: string, out: string): Promise<Bundle> {
  const { metafile } = await build({ ...sstBuildOptions, splitting: false, entryPoints: [{ in: entry, out }], outdir, metafile: true, write: true });
  const [path, output] = Object.entries(metafile.outputs).find(([file]) => file.endsWith(`${out}.mjs`))!;
  const byPackage: Record<string, number> = {};
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(own)';
    byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
  }
  return { bytes: output.bytes, byPackage, file: resolve(root, '..', path) };
}

/** Ms to import a bundle in a fresh Node process (the SDK resolves from the repo's node_modules, as the runtime provides it). */
async function importMs(file: string): Promise<number> {
  // The SDK first (the same for every implementation, and most of the time): what is timed is the layer's own code.
  const sdk = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb'].map((name) => `await import('${name}');`).join(' ');
  const probe = `${sdk} const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  {
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', probe], {
        cwd: outdir,
        env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', SST_RESOURCE_Table: '{"name":"Table"}' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('close', (code) => (code === 0 ? done(stdout) : fail(new Error(`importing ${file} failed (exit ${code})`))));
    });
    return Number(output.trim());
  }
}

/** Median import ms of each bundle, the runs interleaved so the machine's other load falls on all alike. */
async function medianImportMs(files: Map<string, string>, runs = 9): Promise<Map<string, number>> {
  const samples = new Map([...files.keys()].map((name) => [name, [] as number[]]));
  for (let i = 0; i < runs; i++) for (const [name, file] of files) samples.get(name)!.push(await importMs(file));
  return new Map([...samples].map(([name, values]) => [name, values.sort((a, b) => a - b)[Math.floor(runs / 2)]!]));
}

/** What a refusal said: the error's class and message, or that nothing was refused. */
async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    const value = await work();
    return `NOT REFUSED (${JSON.stringify(value)?.slice(0, 60)})`;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message.split('\n')[0]!.slice(0, 90)}`;
  }
}

interface Checks {
  overdraft: string;
  replay: string;
  malformed: string;
  /** Reading an account written without the library (as every item in the table is today). */
  foreign: string;
  balanceAfter: number | undefined;
}

async function checkCorrectness(layer: ItemLayerImplementation, writeRaw: (item: Record<string, unknown>) => Promise<void>): Promise<Checks> {
  const sub = randomUUID();
  await layer.openAccount(sub, 1000);
  const key = `check:${randomUUID()}`;
  const first = await layer.debit({ sub, amountCents: 300, idempotencyKey: key, reference: 'r1' }, (await layer.readAccount(sub))!);
  const entry = await layer.readEntry(sub, first.seq);
  if (entry?.balanceAfterCents !== 700) throw new Error(`the entry read back is ${JSON.stringify(entry)}`);
  const overdraft = await refusal(async () =>
    layer.debit({ sub, amountCents: 5000, idempotencyKey: `check:${randomUUID()}`, reference: 'r2' }, (await layer.readAccount(sub))!),
  );
  const replay = await refusal(async () => layer.debit({ sub, amountCents: 100, idempotencyKey: key, reference: 'r3' }, (await layer.readAccount(sub))!));
  const balanceAfter = (await layer.readAccount(sub))?.balanceCents;

  const malformedSub = randomUUID();
  // With ElectroDB's ownership attributes, so ElectroDB reads it rather than skipping it as another entity's.
  const electroDbOwnership = { __edb_e__: 'account', __edb_v__: '1' };
  await writeRaw({
    pk: `USER#${malformedSub}`,
    sk: 'PROFILE',
    sub: malformedSub,
    email: 'x@example.com',
    balanceCents: 'lots',
    createdAt: 'now',
    ...electroDbOwnership,
  });
  const malformed = await refusal(() => layer.readAccount(malformedSub));

  const foreignSub = randomUUID();
  await writeRaw({ pk: `USER#${foreignSub}`, sk: 'PROFILE', sub: foreignSub, email: 'x@example.com', balanceCents: 5, createdAt: 'now' });
  const read = await layer.readAccount(foreignSub);
  const foreign = read?.balanceCents === 5 ? 'read' : `NOT READ (${JSON.stringify(read)})`;
  return { overdraft, replay, malformed, foreign, balanceAfter };
}

interface Latency {
  read: number[];
  transaction: number[];
}

/** `count` sequential debits of one account: each a parsed read, then the conditional transaction. */
async function debits(layer: ItemLayerImplementation, sub: string, count: number, into?: Latency): Promise<void> {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const account = await layer.readAccount(sub);
    const read = performance.now();
    await layer.debit({ sub, amountCents: 1, idempotencyKey: `bench:${randomUUID()}`, reference: `bench-${i}` }, account!);
    into?.read.push(read - started);
    into?.transaction.push(performance.now() - read);
  }
}

const at = (samples: number[], q: number) =>
  round(
    percentile(
      [...samples].sort((a, b) => a - b),
      q,
    ) ?? NaN,
  );

async function main() {
  const debitsPerImplementation = Number(process.env.ITEM_LAYER_DEBITS ?? 300);
  const rounds = 10;
  const warmUp = 50;

  await rm(outdir, { recursive: true, force: true });
  const bundles = new Map<string, Bundle>();
  for (const { dir } of implementations) bundles.set(dir, await bundle(resolve(benchDir, dir, 'lambda.ts'), dir));
  const zodAlone = await bundle(resolve(benchDir, 'zod-alone.ts'), 'zod-alone');
  const imports = await medianImportMs(new Map([...[...bundles].map(([dir, { file }]) => [dir, file] as const), ['zod-alone', zodAlone.file]]));

  const dynamo = await startDynamoDbLocal({ log: () => undefined });
  try {
    const table = 'item-layer-bench';
    applyEnv(tableOnlyEnv(table, dynamo.endpoint));
    await ensureTable(dynamo.client, table);
    // Imported only now: the clients read the endpoint, and ElectroDB the table name, when their modules load.
    const { documentClient } = await import('./item-layer-bench/shared');
    const layers: Record<string, ItemLayerImplementation> = {
      raw: (await import('./item-layer-bench/raw/debit')).rawLibDynamoDb,
      thin: (await import('./item-layer-bench/thin/debit')).thinLayer,
      electrodb: (await import('./item-layer-bench/electrodb/debit')).electroDb,
      toolbox: (await import('./item-layer-bench/toolbox/debit')).dynamoDbToolbox,
    };
    const writeRaw = async (Item: Record<string, unknown>) => void (await documentClient.send(new PutCommand({ TableName: table, Item })));

    const checks = new Map<string, Checks>();
    for (const { dir } of implementations) checks.set(dir, await checkCorrectness(layers[dir]!, writeRaw));

    const accounts = new Map<string, string>();
    const latencies = new Map<string, Latency>();
    for (const { dir } of implementations) {
      const sub = randomUUID();
      await layers[dir]!.openAccount(sub, 1_000_000);
      accounts.set(dir, sub);
      latencies.set(dir, { read: [], transaction: [] });
      await debits(layers[dir]!, sub, warmUp);
    }
    // Interleaved rounds, so a drift of DynamoDB Local (its JIT, its growing table) falls on every implementation alike.
    for (let r = 0; r < rounds; r++) {
      for (const { dir } of implementations) await debits(layers[dir]!, accounts.get(dir)!, Math.ceil(debitsPerImplementation / rounds), latencies.get(dir));
    }

    console.log(`\nItem layer comparison: ${debitsPerImplementation} sequential debits each (after ${warmUp} warm-up), DynamoDB Local on loopback\n`);
    console.log('| implementation | bundle KB (min) | of it, the library | import ms (SDK loaded) | read p50 / p99 ms | debit tx p50 / p99 ms |');
    console.log('|---|---|---|---|---|---|');
    for (const { name, dir } of implementations) {
      const { bytes, byPackage } = bundles.get(dir)!;
      const library = Object.entries(byPackage)
        .filter(([pkg]) => pkg !== '(own)')
        .sort((a, b) => b[1] - a[1])
        .map(([pkg, size]) => `${pkg} ${kb(size)}`)
        .join(', ');
      const { read, transaction } = latencies.get(dir)!;
      console.log(
        `| ${name} | ${kb(bytes)} | ${library || '-'} | ${round(imports.get(dir)!)} | ${at(read, 0.5)} / ${at(read, 0.99)} | ${at(transaction, 0.5)} / ${at(transaction, 0.99)} |`,
      );
    }
    console.log(`| (zod/mini alone, one object parsed) | ${kb(zodAlone.bytes)} | | ${round(imports.get('zod-alone')!)} | | |`);

    console.log(
      '\n| implementation | debit beyond the balance | repeated idempotency key | malformed stored account | account written without the library | balance after (700) |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const { name, dir } of implementations) {
      const c = checks.get(dir)!;
      console.log(`| ${name} | ${c.overdraft} | ${c.replay} | ${c.malformed} | ${c.foreign} | ${c.balanceAfter} |`);
    }
  } finally {
    await dynamo.stop();
  }
}

await main();

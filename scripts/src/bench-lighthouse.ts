/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) over the production build the
 * local cloud serves: the public pages, and the dashboard signed in. Per page the median run of
 * `LIGHTHOUSE_RUNS` (default 3, by performance score): the four category scores and FCP, LCP, TBT, CLS.
 * Targets (docs/architecture.md#budgets): a public page >= 97 in performance and 100 in accessibility, best
 * practices and SEO; the dashboard >= 90 in each. Lighthouse's simulation scales what it observes, so a
 * loaded machine scores lower: measure on a quiet one.
 *
 * Part of `npm run bench`; alone (builds the web app and starts its own cloud, adds `lighthouse` to
 * bench/results.json): `npx tsx scripts/src/bench-lighthouse.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalCloud, type LocalCloud } from '@numbernest/local';
import { benchUser } from './bench-money';
import { buildWebApp } from './web-build';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const publicPages = ['/', '/service', '/blogs', '/logIn'];
const signedInPages = ['/dashboard'];
/** The least score per category (performance, accessibility, best practices, SEO). */
const targets = { public: [97, 100, 100, 100], signedIn: [90, 90, 90, 90] };

export interface LighthouseFigures {
  page: string;
  signedIn: boolean;
  /** Category scores, 0-100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds, as Lighthouse's simulation of the phone estimates them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The audits that cost points, for the reader of results.json (at most 8). */
  failing: string[];
}

async function audit(url: string, port: number, page: string, signedIn: boolean): Promise<LighthouseFigures> {
  // Signed in: the localStorage the bench wrote must survive, so Lighthouse's storage reset is off.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories], disableStorageReset: signedIn });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (category: (typeof categories)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = categories
    .flatMap((category) => lhr.categories[category]?.auditRefs.filter((ref) => ref.weight > 0) ?? [])
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    page,
    signedIn,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    failing: [...new Set(failing)].slice(0, 8),
  };
}

/** The median run by performance score: one slow run on a shared machine says little. */
async function medianAudit(url: string, port: number, page: string, signedIn: boolean, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) results.push(await audit(url, port, page, signedIn));
  return results.sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;
}

/**
 * A verified bench user signed in through the sign-in page, as a person does, in the browser's
 * default profile: the session (localStorage) is what Lighthouse then finds on the dashboard.
 */
async function signIn(cloud: LocalCloud, port: number): Promise<void> {
  const user = await benchUser(cloud);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${cloud.url}/logIn`);
    await page.locator('input[type=email]').fill(user.email);
    await page.locator('input[type=password]').fill(user.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/dashboard/);
    await page.close();
  } finally {
    await browser.close(); // disconnects; the browser is chrome-launcher's
  }
}

export async function benchLighthouse(cloud: LocalCloud, runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)): Promise<LighthouseFigures[]> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'numbernest-lighthouse-'));
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    userDataDir,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of publicPages) figures.push(await medianAudit(`${cloud.url}${page}`, chrome.port, page, false, runs));
    await signIn(cloud, chrome.port);
    for (const page of signedInPages) figures.push(await medianAudit(`${cloud.url}${page}`, chrome.port, page, true, runs));
    return figures;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export function printLighthouse(figures: LighthouseFigures[], runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)): void {
  console.log(
    `\nLighthouse, mobile preset (median of ${runs} run${runs === 1 ? '' : 's'}; targets: >= ${targets.public.join('/')} public, >= ${targets.signedIn.join('/')} signed in)`,
  );
  console.log(
    'page'.padEnd(14),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'b.p.'.padStart(5),
    'seo'.padStart(5),
    'FCP ms'.padStart(7),
    'LCP ms'.padStart(7),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
    '',
  );
  for (const f of figures) {
    const target = f.signedIn ? targets.signedIn : targets.public;
    const met = [f.performance, f.accessibility, f.bestPractices, f.seo].every((score, index) => score >= target[index]!);
    console.log(
      `${f.page}${f.signedIn ? ' (in)' : ''}`.padEnd(14),
      ...[f.performance, f.accessibility, f.bestPractices, f.seo].map((score) => String(score).padStart(5)),
      ...[f.fcpMs, f.lcpMs, f.tbtMs].map((ms) => String(ms).padStart(7)),
      String(f.cls).padStart(6),
      met ? 'OK' : `UNDER: ${f.failing.join(', ')}`,
    );
  }
}

/** Alone: build, serve the build from a cloud of its own, audit, and add the figures to bench/results.json. */
async function main() {
  const root = resolve(import.meta.dirname, '../..');
  const port = Number(process.env.BENCH_PORT ?? 3300);
  if (!buildWebApp(port)) throw new Error('web build failed');
  const cloud = await startLocalCloud({
    port,
    seed: true,
    web: { mode: 'dist', dir: resolve(root, 'web/dist') },
    log: () => undefined,
  });
  try {
    const lighthouseFigures = await benchLighthouse(cloud);
    printLighthouse(lighthouseFigures);
    const file = resolve(root, 'bench/results.json');
    const results = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, unknown>;
    await mkdir(resolve(root, 'bench'), { recursive: true });
    await writeFile(file, `${JSON.stringify({ ...results, lighthouse: { at: new Date().toISOString(), figures: lighthouseFigures } }, null, 2)}\n`);
    console.log('\nadded to bench/results.json');
  } finally {
    await cloud.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

/**
 * `npm test`: every check, in order, output streamed: type-checks, the infra type-check, lint and format, vitest
 * (unit, integration, web), the end-to-end tests. The last line is the count:
 * `tests: N passed, N failed, N skipped`. A stage that fails without test counts (a type error, a
 * crash) counts as one failed test. Non-interactive (CI=true, no stdin).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { repoRoot } from './runtime';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface StageResult extends Counts {
  name: string;
  ok: boolean;
  note?: string;
}

const resultsDir = join(repoRoot, 'node_modules', '.cache', 'numbernest-test');
const vitestReport = join(resultsDir, 'vitest.json');
const playwrightReport = join(repoRoot, 'web', 'test-results', 'e2e.json');
const rootScripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};

const results: StageResult[] = [];

results.push(await stage('typecheck', 'npm', ['run', 'typecheck']));

if (rootScripts['typecheck:infra']) results.push(await stage('typecheck:infra', 'npm', ['run', 'typecheck:infra']));
else results.push(skippedStage('typecheck:infra', 'no "typecheck:infra" script yet'));

results.push(await stage('lint', 'npm', ['run', 'lint']));

mkdirSync(resultsDir, { recursive: true });
rmSync(vitestReport, { force: true });
results.push(
  await stage('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], () =>
    vitestCounts(vitestReport),
  ),
);

if (existsSync(join(repoRoot, 'web', 'e2e'))) {
  rmSync(playwrightReport, { force: true });
  results.push(await stage('e2e', 'npm', ['run', 'e2e', '-w', 'web'], () => playwrightCounts(playwrightReport)));
} else results.push(skippedStage('e2e', 'web/e2e does not exist yet'));

const total = results.reduce<Counts>((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
const failures = [...vitestFailures(vitestReport), ...playwrightFailures(playwrightReport)];
if (failures.length > 0) {
  // Named again here so a log cut to its last lines still says which tests failed.
  console.log('\nFailed tests');
  for (const { name, why } of failures) {
    console.log(`  ✗ ${name}`);
    for (const line of why) console.log(`      ${line}`);
  }
}
console.log('\nSummary');
for (const r of results) {
  const state = r.note ? `skipped (${r.note})` : r.ok ? 'ok' : 'FAILED';
  console.log(`  ${r.name.padEnd(16)} ${state.padEnd(10)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

/** Run one stage with its output streamed; counts come from its report when it writes one. */
async function stage(name: string, program: string, args: string[], readCounts?: () => Counts | undefined): Promise<StageResult> {
  console.log(`\n━━ ${name}: ${program} ${args.join(' ')}`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(program, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: process.env.CI ?? 'true' } });
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  const counts = readCounts?.();
  const ok = code === 0 && (counts?.failed ?? 0) === 0;
  if (!counts) return { name, ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  // A non-zero exit with no failed test (a crash, an error outside tests) is still a failure.
  return { name, ok, ...counts, failed: counts.failed + (ok || counts.failed > 0 ? 0 : 1) };
}

function skippedStage(name: string, note: string): StageResult {
  console.log(`\n━━ ${name}: skipped (${note})`);
  return { name, ok: true, note, passed: 0, failed: 0, skipped: 0 };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function vitestCounts(file: string): Counts | undefined {
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(file);
  return report && { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

interface Failure {
  name: string;
  /** The first lines of its error, so a log cut to its last lines still says why. */
  why: string[];
}

// A declaration, not a const: the summary above runs before this module's later consts exist.
function firstLines(message: string | undefined): string[] {
  return stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, 4)
    .map((line) => line.slice(0, 300));
}

function vitestFailures(file: string): Failure[] {
  const report = readJson<{ testResults?: { name: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[] }>(file);
  return (report?.testResults ?? []).flatMap((suite) =>
    suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ name: `${relative(repoRoot, suite.name)} › ${test.fullName}`, why: firstLines(test.failureMessages?.[0]) })),
  );
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; ok: boolean; file: string; tests?: { results?: { error?: { message?: string } }[] }[] }[];
}

function playwrightFailures(file: string): Failure[] {
  const walk = (suite: PlaywrightSuite): Failure[] => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => ({
        name: `web/e2e/${spec.file} › ${spec.title}`,
        why: firstLines(spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error?.message),
      })),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return (readJson<{ suites?: PlaywrightSuite[] }>(file)?.suites ?? []).flatMap(walk);
}

function playwrightCounts(file: string): Counts | undefined {
  const report = readJson<{ stats?: { expected: number; unexpected: number; flaky: number; skipped: number } }>(file);
  const stats = report?.stats;
  return stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

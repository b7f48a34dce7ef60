import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../src/index';
import { freePort } from '../src/net';
import '../src/testing'; // the ProvidedContext types

/** One in-memory local cloud for the whole integration run (DynamoDB Local takes seconds to start). */
export default async function setup(project: TestProject) {
  // Handlers log a line per request (packages/core/src/log): tests show warnings and errors only.
  process.env.LOG_LEVEL ??= 'warn';
  const cloud = await startLocalCloud({
    port: await freePort(),
    seed: true,
    web: false,
    log: (line) => {
      if (!line.startsWith('Mail to ')) console.error(`[local cloud] ${line}`);
    },
  });
  project.provide('apiUrl', cloud.url);
  project.provide('cognito', {
    endpoint: cloud.cognito.endpoint,
    userPoolId: cloud.cognito.userPoolId,
    clientId: cloud.cognito.clientId,
    issuer: cloud.cognito.issuer,
  });
  project.provide('mailUrl', `${cloud.url}/_local/mail.json`);
  project.provide('localEnv', cloud.env);
  return async () => {
    try {
      await expectBooksReconciled();
    } catch (error) {
      // vitest reports a teardown error but still exits 0: the exit code must say it.
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    } finally {
      await cloud.stop();
    }
  };
}

/**
 * After every integration test has run, the books agree with themselves (`npm run reconcile`):
 * each balance equals its entries, each top-up, purchase, refund, transfer and SMS is counted once,
 * no number is held twice. A finding fails the run, named.
 */
async function expectBooksReconciled(): Promise<void> {
  const { reconcile } = await import('@numbernest/core/reconcile');
  const report = await reconcile();
  console.log(`[reconcile] ${report.checks.map((c) => `${c.name}: ${c.checked} checked`).join('; ')}; ${report.problems} finding(s)`);
  if (report.problems) {
    const findings = report.checks.flatMap((c) => c.problems.map((p) => `  ${c.name}: ${p}`));
    throw new Error(`Reconciliation failed:\n${findings.join('\n')}`);
  }
}

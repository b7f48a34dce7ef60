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
  project.provide('cognito', { endpoint: cloud.cognito.endpoint, userPoolId: cloud.cognito.userPoolId, clientId: cloud.cognito.clientId, issuer: cloud.cognito.issuer });
  project.provide('mailUrl', `${cloud.url}/_local/mail.json`);
  project.provide('localEnv', cloud.env);
  return async () => {
    try {
      await expectLedgerBalanced();
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
 * The ledger's rule after every integration test has run (DESIGN §3): each user's balance equals
 * the sum of their entries. A broken user fails the run, named.
 */
async function expectLedgerBalanced(): Promise<void> {
  const { checkLedger } = await import('@numbernest/core/ledger');
  const report = await checkLedger();
  console.log(`[ledger check] ${report.users} users, ${report.entries} entries, ${report.problems.length} problem(s)`);
  if (report.problems.length) {
    throw new Error(`Ledger check failed:\n${report.problems.map((p) => `  ${p.email} ${p.sub}: ${p.detail}`).join('\n')}`);
  }
}

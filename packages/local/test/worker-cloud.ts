/**
 * One integration worker's local cloud, in a process of its own (the handlers read their table and
 * user pool from process.env, so two clouds cannot share a process). Started by global-setup.ts over
 * the run's one DynamoDB Local, with its own table and its own cognito-local.
 *
 * Messages: it sends `{ ready: WorkerCloud }` once serving; on `'stop'` it reconciles its books,
 * sends `{ reconciled: findings[] }` (or `{ failed }`), stops and exits.
 */
import type { WorkerCloud } from '../src/testing';
import { startLocalCloud } from '../src/index';
import { freePort } from '../src/net';

const [dynamoDbEndpoint, tableName, name] = process.argv.slice(2) as [string, string, string];
const send = (message: unknown) => process.send!(message);

// Files run side by side on a machine of two cores: the emulators' reads alone can spend a
// purchase's 3.5 s for outside sources before any is asked. Each agent's own deadline stays 3 s.
process.env.OUTSIDE_SUPPLY_BUDGET_MS ??= '8000';

const cloud = await startLocalCloud({
  port: await freePort(),
  seed: true,
  web: false,
  dynamoDbEndpoint,
  tableName,
  log: (line) => {
    if (!line.startsWith('Mail to ')) console.error(`[${name}] ${line}`);
  },
});
const ready: WorkerCloud = {
  apiUrl: cloud.url,
  cognito: { endpoint: cloud.cognito.endpoint, userPoolId: cloud.cognito.userPoolId, clientId: cloud.cognito.clientId, issuer: cloud.cognito.issuer },
  mailUrl: `${cloud.url}/_local/mail.json`,
  localEnv: cloud.env,
};
send({ ready });

process.on('message', (message) => {
  if (message !== 'stop') return;
  void (async () => {
    try {
      send({ reconciled: await booksFindings() });
    } catch (error) {
      send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    } finally {
      await cloud.stop();
      process.disconnect();
    }
  })();
});
// The run ended without a goodbye (vitest killed): go with it.
process.on('disconnect', () => void cloud.stop().finally(() => process.exit(0)));

/**
 * After every test of this worker has run, the books agree with themselves (`npm run reconcile`):
 * each balance equals its entries, each top-up, purchase, refund, transfer and SMS is counted once,
 * no number is held twice. Answers the findings, named.
 */
async function booksFindings(): Promise<string[]> {
  const { reconcile } = await import('@numbernest/core/operations');
  const report = await reconcile();
  console.log(`[${name} reconcile] ${report.checks.map((c) => `${c.name}: ${c.checked} checked`).join('; ')}; ${report.problems} finding(s)`);
  return report.checks.flatMap((c) => c.problems.map((p) => `  ${c.name}: ${p}`));
}

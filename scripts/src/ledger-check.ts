/**
 * `npm run ledger:check`: proves balance == sum(ledger entries) for every user, and prints each
 * user where it does not hold (exit 1). Checks the running `npm start` (as `npm run seed` finds
 * it), else .data/ directly; on a stage run it inside SST's shell, which links the table:
 *   npx sst shell --stage NAME -- npm run ledger:check
 */
import { applyEnv, ensureTable, startDynamoDbLocal, tableName } from '@numbernest/local';
import { dataDir, readRuntimeInfo } from './runtime';

const onStage = Boolean(process.env.SST_RESOURCE_Table) && !process.env.AWS_ENDPOINT_URL_DYNAMODB;
const running = onStage ? undefined : readRuntimeInfo();
const dynamo = onStage || running ? undefined : await startDynamoDbLocal({ dataDir, log: () => undefined });
try {
  if (running) applyEnv(running.env);
  else if (dynamo) {
    applyEnv({ SST_RESOURCE_Table: JSON.stringify({ name: tableName }), AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
    await ensureTable(dynamo.client, tableName);
  }
  const { checkLedger } = await import('@numbernest/core/ledger');
  const { formatDollars } = await import('@numbernest/core/pricing');
  const report = await checkLedger();
  const where = onStage ? 'the linked stage table' : running ? `the running local cloud at ${running.url}` : dataDir;
  for (const problem of report.problems) console.log(`✗ ${problem.email || '(no e-mail)'} ${problem.sub}: ${problem.detail}`);
  console.log(
    `${report.problems.length ? '✗' : '✓'} ${report.users} users, ${report.entries} ledger entries, balances total $${formatDollars(report.totalBalanceCents)} (${where}): ` +
      (report.problems.length ? `${report.problems.length} user(s) whose balance differs from their entries` : 'every balance equals the sum of its entries'),
  );
  process.exitCode = report.problems.length ? 1 : 0;
} finally {
  await dynamo?.stop();
}

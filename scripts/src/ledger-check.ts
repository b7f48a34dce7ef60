/**
 * `npm run ledger:check`: proves balance == sum(ledger entries) for every user, and prints each
 * user where it does not hold (exit 1). Where it reads: see table-access.ts (on a stage:
 * `npx sst shell --stage NAME -- npm run ledger:check`). `npm run reconcile` checks this and more.
 */
import { openTable } from './table-access';

const table = await openTable();
try {
  const { checkLedger } = await import('@numbernest/core/ledger');
  const { formatDollars } = await import('@numbernest/core/pricing');
  const report = await checkLedger();
  for (const problem of report.problems) console.log(`✗ ${problem.email || '(no e-mail)'} ${problem.sub}: ${problem.detail}`);
  console.log(
    `${report.problems.length ? '✗' : '✓'} ${report.users} users, ${report.entries} ledger entries, balances total $${formatDollars(report.totalBalanceCents)} (${table.where}): ` +
      (report.problems.length ? `${report.problems.length} user(s) whose balance differs from their entries` : 'every balance equals the sum of its entries'),
  );
  process.exitCode = report.problems.length ? 1 : 0;
} finally {
  await table.close();
}

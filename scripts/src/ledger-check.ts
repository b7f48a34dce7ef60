/**
 * `npm run ledger:check`: proves balance == sum(ledger entries) for every user, and prints each
 * user where it does not hold (exit 1). Checks the running `npm start` (as `npm run seed` finds
 * it), else .data/ directly; on a stage run it inside SST's shell, which links the table:
 *   npx sst shell --stage NAME -- npm run ledger:check
 */
import { withTable } from './table-access';

await withTable(async (where) => {
  const { checkLedger } = await import('@numbernest/core/money');
  const { formatDollars } = await import('@numbernest/core/pricing');
  const report = await checkLedger();
  for (const problem of report.problems) console.log(`✗ ${problem.email || '(no e-mail)'} ${problem.sub}: ${problem.detail}`);
  console.log(
    `${report.problems.length ? '✗' : '✓'} ${report.users} users, ${report.entries} ledger entries, balances total $${formatDollars(report.totalBalanceCents)} (${where}): ` +
      (report.problems.length ? `${report.problems.length} user(s) whose balance differs from their entries` : 'every balance equals the sum of its entries'),
  );
  process.exitCode = report.problems.length ? 1 : 0;
});

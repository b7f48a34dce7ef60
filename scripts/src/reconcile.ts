/**
 * `npm run reconcile`: the books against themselves (packages/core/src/operations/reconcile): balances and
 * entries, top-ups and what cards took back, purchases, refunds, outgoing SMS, transfers, numbers
 * held, inbound SMS. Prints each check with what it found and exits 1 on any finding. Where it
 * reads: see table-access.ts (on a stage: `npx sst shell --stage NAME -- npm run reconcile`, at a
 * quiet moment: it scans).
 */
import { withTable } from './table-access';

await withTable(async (where) => {
  const { reconcile } = await import('@numbernest/core/operations');
  const { formatDollars } = await import('@numbernest/core/pricing');
  const report = await reconcile();
  for (const check of report.checks) {
    console.log(`${check.problems.length ? '✗' : '✓'} ${check.name} (${check.checked} checked)`);
    for (const problem of check.problems) console.log(`    ${problem}`);
  }
  console.log(`${report.problems ? '✗' : '✓'} ${report.problems} finding(s); balances total $${formatDollars(report.totalBalanceCents)} (${where})`);
  process.exitCode = report.problems ? 1 : 0;
});

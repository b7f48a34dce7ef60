/**
 * `npm run reconcile`: the books against themselves (packages/core/src/operations/reconcile): balances and
 * entries, top-ups and what cards took back, purchases, refunds, outgoing SMS, transfers, numbers
 * held, inbound SMS, upstream providers' spends and refunds. Lists the upstream activations refunded to the
 * customer that their upstream did not refund us (money lost; not a finding). Prints each check with what it found and exits 1 on any finding. Where it
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
  // Not a fault of the books: money an upstream kept, for operators to claim.
  const lost = report.upstreamLosses.reduce((sum, loss) => sum + loss.lostCents, 0);
  console.log(
    `${report.upstreamLosses.length ? '!' : '✓'} upstream activations refunded to the customer and not by their upstream: ${report.upstreamLosses.length}, $${formatDollars(lost)} lost`,
  );
  for (const loss of report.upstreamLosses)
    console.log(`    rental ${loss.rentalId}: upstream ${loss.upstreamId} activation ${loss.activationId}, $${formatDollars(loss.lostCents)} (${loss.why})`);
  console.log(
    `${report.problems ? '✗' : '✓'} ${report.problems} finding(s); balances total $${formatDollars(report.totalBalanceCents)}, upstream accounts $${formatDollars(report.upstreamBalanceCents)} (${where})`,
  );
  process.exitCode = report.problems ? 1 : 0;
});

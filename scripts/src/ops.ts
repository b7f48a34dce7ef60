/**
 * `npm run ops -- …`: what operators do until there is a console, on the same table as
 * `npm run ledger:check` (the running `npm start`, else .data/; a stage inside `npx sst shell`).
 *
 *   npm run ops -- holds                                   accounts on hold (card payments taken back)
 *   npm run ops -- release-hold <email> --reason "…" [--keep] [--operator NAME]
 *
 * `release-hold` lifts the hold (or, with --keep, records that it stays); the operator defaults to
 * $USER. Exit 1 with the reason when it is refused.
 */
import { parseArgs } from 'node:util';
import { withTable } from './table-access';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string' }, keep: { type: 'boolean' }, operator: { type: 'string' } },
});
const [command, email] = positionals;
const usage = 'usage: npm run ops -- holds | release-hold <email> --reason "…" [--keep] [--operator NAME]';

await withTable(async (where) => {
  const { listHolds, releaseHold, subOfEmail } = await import('@numbernest/core/account-hold');
  const { formatDollars } = await import('@numbernest/core/pricing');
  if (command === 'holds') {
    const holds = await listHolds();
    for (const hold of holds) {
      const owed = hold.balanceCents < 0 ? `owes $${formatDollars(-hold.balanceCents)}` : `balance $${formatDollars(hold.balanceCents)}`;
      console.log(`${hold.email} (${hold.sub}) on hold since ${hold.since}, ${owed}`);
      for (const e of hold.events) {
        const state = e.kind === 'chargeback' ? `, dispute ${hold.disputes[e.reference] ?? 'unknown'}` : '';
        console.log(
          `  ${e.at} ${e.kind} $${formatDollars(e.amountCents)} of top-up ${e.topUpId} (${e.provider} ${e.reference}${e.reason ? `: ${e.reason}` : ''}${state})`,
        );
      }
      for (const d of hold.decisions ?? []) console.log(`  ${d.at} kept by ${d.operator}: ${d.reason}`);
    }
    console.log(`${holds.length} account(s) on hold (${where})`);
  } else if (command === 'release-hold' && email) {
    try {
      const decision = await releaseHold(await subOfEmail(email), {
        operator: values.operator ?? process.env.USER ?? '',
        reason: values.reason ?? '',
        decision: values.keep ? 'keep' : 'release',
      });
      console.log(`${email}: ${decision.decision === 'release' ? 'hold released' : 'hold kept'} by ${decision.operator} (${where})`);
    } catch (error) {
      const { fieldErrors } = error as { fieldErrors?: Record<string, string[]> };
      console.error(`✗ ${(error as Error).message}${fieldErrors ? `: ${Object.values(fieldErrors).flat().join(' ')}` : ''}`);
      process.exitCode = 1;
    }
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
});

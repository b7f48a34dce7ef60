import { readItem, scanPages } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { formatDollars } from '../../shared/pricing';
import type { LedgerEntry } from './items';
import { allEntries } from './list';

export interface LedgerProblem {
  sub: string;
  email: string;
  balanceCents: number;
  sumCents: number;
  /** What is wrong, in words. */
  detail: string;
}

export interface LedgerReport {
  users: number;
  entries: number;
  /** Sum of every balance (cents): what the platform owes its users. */
  totalBalanceCents: number;
  problems: LedgerProblem[];
}

/** What the check reads of a profile. */
const profileFields = ['sub', 'email', 'balanceCents', 'ledgerSeq'] as const;
type ProfileRow = { sub: string; email: string; balanceCents: number; ledgerSeq?: number };

/** What is wrong with one user's chain, in words (none: balance == sum of entries, numbered 1..n, each balance-after the running sum, no debit but a card reversal below zero). */
export function chainProblems(
  profile: Pick<ProfileRow, 'balanceCents' | 'ledgerSeq'>,
  entries: Pick<LedgerEntry, 'seq' | 'kind' | 'amountCents' | 'balanceAfterCents'>[],
): { sumCents: number; details: string[] } {
  let sum = 0;
  const details: string[] = [];
  entries.forEach((entry, index) => {
    sum += entry.amountCents;
    if (entry.seq !== index + 1) details.push(`entry ${index + 1} is numbered ${entry.seq}`);
    if (entry.balanceAfterCents !== sum) details.push(`entry ${entry.seq} says balance after ${entry.balanceAfterCents}, running sum is ${sum}`);
    // Only card money taken back may leave a balance below zero (ledger/apply.ts applyCardReversal).
    if (entry.amountCents < 0 && entry.balanceAfterCents < 0 && entry.kind !== 'chargeback' && entry.kind !== 'card-refund') {
      details.push(`entry ${entry.seq} (${entry.kind}) left the balance below zero`);
    }
  });
  if (sum !== profile.balanceCents) details.unshift(`balance $${formatDollars(profile.balanceCents)} but entries sum to $${formatDollars(sum)}`);
  if ((profile.ledgerSeq ?? 0) !== entries.length) details.push(`profile counts ${profile.ledgerSeq ?? 0} entries, there are ${entries.length}`);
  return { sumCents: sum, details };
}

/**
 * Walks every user and proves the ledger's rule: balance == sum of the user's entries, the chain
 * numbered 1..n with no gap, each entry's balance-after the running sum, no debit but a card
 * reversal below zero, and the profile's count equal to n. An operator's tool (it scans the table), never a request path.
 */
export async function checkLedger(only?: readonly string[]): Promise<LedgerReport> {
  const report: LedgerReport = { users: 0, entries: 0, totalBalanceCents: 0, problems: [] };
  // `only`: these users' chains (a run's own customers), read by key instead of scanning every user.
  for await (const profile of only ? profilesOf(only) : profiles()) {
    report.users++;
    report.totalBalanceCents += profile.balanceCents;
    const entries = await allEntries(profile.sub);
    report.entries += entries.length;
    const { sumCents, details } = chainProblems(profile, entries);
    if (details.length)
      report.problems.push({ sub: profile.sub, email: profile.email, balanceCents: profile.balanceCents, sumCents, detail: details.join('; ') });
  }
  return report;
}

async function* profilesOf(subs: readonly string[]): AsyncGenerator<ProfileRow> {
  for (const sub of subs) {
    const profile = await readItem(userProfileItem, { sub }, { consistent: true });
    if (profile) yield profile;
  }
}

async function* profiles(): AsyncGenerator<ProfileRow> {
  for await (const page of scanPages(userProfileItem, { fields: profileFields, consistent: true })) yield* page.items;
}

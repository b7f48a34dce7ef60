import { checks, type CheckResult } from './checks';
import { readSnapshot } from './snapshot';

export type { CheckResult } from './checks';

export interface ReconcileReport {
  checks: CheckResult[];
  /** Findings over every check: 0 means the books agree. */
  problems: number;
  /** What the platform owes its users (sum of balances, cents). */
  totalBalanceCents: number;
}

/**
 * The books against themselves (`npm run reconcile`): every balance equals its entries; every paid
 * top-up credited once; every purchase debited once; every refund matches one rental or unsent
 * message; every transfer moved once; no number held twice for one service; every accepted SMS
 * stored once. One scan of the table, then pure checks (checks.ts); an operator's tool.
 */
export async function reconcile(): Promise<ReconcileReport> {
  const snapshot = await readSnapshot();
  const results = checks.map((check) => check(snapshot));
  return {
    checks: results,
    problems: results.reduce((sum, r) => sum + r.problems.length, 0),
    totalBalanceCents: snapshot.profiles.reduce((sum, p) => sum + p.balanceCents, 0),
  };
}

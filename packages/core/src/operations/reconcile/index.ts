import { checks, upstreamLosses, type CheckResult, type UpstreamLoss } from './checks';
import { readSnapshot } from './snapshot';

const isUpstreamAccount = (sub: string) => sub.startsWith('upstream:');

export type { CheckResult, UpstreamLoss } from './checks';

export interface ReconcileReport {
  checks: CheckResult[];
  /** Findings over every check: 0 means the books agree. */
  problems: number;
  /** What the platform owes its users (sum of balances, cents; upstreams' accounts apart). */
  totalBalanceCents: number;
  /** What our upstream providers' accounts hold (sum, cents). */
  upstreamBalanceCents: number;
  /** Activations refunded to the customer that their upstream did not refund us: money lost, listed, not a finding. */
  upstreamLosses: UpstreamLoss[];
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
    totalBalanceCents: snapshot.profiles.filter((p) => !isUpstreamAccount(p.sub)).reduce((sum, p) => sum + p.balanceCents, 0),
    upstreamBalanceCents: snapshot.profiles.filter((p) => isUpstreamAccount(p.sub)).reduce((sum, p) => sum + p.balanceCents, 0),
    upstreamLosses: upstreamLosses(snapshot),
  };
}

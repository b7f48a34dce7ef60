import { formatDollars, toCents } from '@numbernest/core/pricing';

/** "+$10.00" / "-$2.50" / "$0.00": a ledger amount with its direction. */
export function signedUsd(dollars: number): string {
  const cents = toCents(dollars);
  const sign = cents > 0 ? '+' : cents < 0 ? '-' : '';
  return `${sign}$${formatDollars(Math.abs(cents))}`;
}

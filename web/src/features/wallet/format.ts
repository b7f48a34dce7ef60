import { formatDollars, toCents } from '@numbernest/core/pricing';

/** "+$10.00" / "-$2.50" / "$0.00": a ledger amount with its direction. */
export function signedUsd(dollars: number): string {
  const cents = toCents(dollars);
  const sign = cents > 0 ? '+' : cents < 0 ? '-' : '';
  return `${sign}$${formatDollars(Math.abs(cents))}`;
}

/** "12 Mar 2026, 14:05" in the interface language and the visitor's time zone. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

import type { Transaction } from '@numbernest/contracts';
import { formatDollars, toDollars } from '../pricing';
import type { LedgerEntry } from './items';

/** The API shape: dollars at the edge, `amount` signed. */
export const toTransaction = (entry: LedgerEntry): Transaction => ({
  id: entry.id,
  kind: entry.kind,
  amount: toDollars(entry.amountCents),
  balance_after: toDollars(entry.balanceAfterCents),
  reference: entry.reference,
  created_at: entry.createdAt,
  description: { key: entry.description.key, params: entry.description.params ?? {} },
});

/** A CSV field: quoted when it holds a comma, quote or line break; formulas defused for spreadsheets. */
const csvField = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The export: one row per entry, amounts as exact 2-decimal text. */
export function entriesToCsv(entries: LedgerEntry[]): string {
  const header = ['date', 'kind', 'amount', 'balance_after', 'reference', 'description', 'id'];
  const rows = entries.map((e) => [
    e.createdAt,
    e.kind,
    formatDollars(e.amountCents),
    formatDollars(e.balanceAfterCents),
    e.reference,
    [e.description.key, ...Object.entries(e.description.params ?? {}).map(([k, v]) => `${k}=${v}`)].join(' '),
    e.id,
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

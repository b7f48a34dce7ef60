import { csvText, type Transaction } from '@numbernest/contracts';
import type { OpsLedgerEntry } from '@numbernest/contracts/ops';
import { formatDollars, toDollars } from '../../shared/pricing';
import type { EntryDescription, LedgerEntry } from './items';

/**
 * What the customer may read of an entry's words: never the operator or their reason. An
 * adjustment written before it carried a text for the customer (only `reason`, which the customer
 * always saw) keeps reading as that reason.
 */
function customerDescription({ key, params = {} }: EntryDescription): Transaction['description'] {
  const { operator: _operator, reason, ...shown } = params;
  if (key === 'adjustment' && shown.text === undefined && reason !== undefined) shown.text = reason;
  return { key, params: shown };
}

/** The API shape: dollars at the edge, `amount` signed. */
export const toTransaction = (entry: LedgerEntry): Transaction => ({
  id: entry.id,
  kind: entry.kind,
  amount: toDollars(entry.amountCents),
  balance_after: toDollars(entry.balanceAfterCents),
  reference: entry.reference,
  created_at: entry.createdAt,
  description: customerDescription(entry.description),
});

/** The console's view of an entry: the customer's, plus which operator made it and their internal note. */
export const toOpsLedgerEntry = (entry: LedgerEntry): OpsLedgerEntry => ({
  ...toTransaction(entry),
  operator: entry.operator?.email ?? entry.description.params?.operator ?? null,
  note: entry.reason ?? entry.description.params?.reason ?? null,
});

/** `key name=value…`: the words' key and values as the customer may read them. */
function describedForMachines(entry: LedgerEntry): string {
  const { key, params } = customerDescription(entry.description);
  return [key, ...Object.entries(params).map(([name, value]) => `${name}=${value}`)].join(' ');
}

/** The export: one row per entry, amounts as exact 2-decimal text. */
export function entriesToCsv(entries: LedgerEntry[]): string {
  const header = ['date', 'kind', 'amount', 'balance_after', 'reference', 'description', 'id'];
  const rows = entries.map((e) => [
    e.createdAt,
    e.kind,
    formatDollars(e.amountCents),
    formatDollars(e.balanceAfterCents),
    e.reference,
    describedForMachines(e),
    e.id,
  ]);
  return csvText([header, ...rows]);
}

import type { Transaction } from '@numbernest/contracts';
import type { TFunction } from '@/lib/i18n';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { describeTransaction } from '@/lib/describe-transaction';

/** The export's columns, in order: the history table's, then what the table shows under a description or not at all. */
export const csvColumns = ['date', 'description', 'note', 'kind', 'amount', 'balance', 'reference'] as const;

// A spreadsheet runs a cell that starts with one of these as a formula (a tab or CR can hide one).
const formulaStart = /^[=+\-@\t\r]/;
// An amount as formatMoney writes it ("-$5.00", "+25,00 $", "-USD 1,234.50"): a number to a
// spreadsheet, never a formula, so it keeps its sign instead of a defusing quote.
const writtenAmount = /^[+-](?:\$|USD[ \u00a0])?\d[\d.,  \u00a0\u202f]*(?:[ \u00a0]\$)?$/;

/** One field (RFC 4180): a formula defused with a leading apostrophe; quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  const safe = formulaStart.test(value) && !writtenAmount.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The history as CSV in the reader's language, each row worded as the Transactions page words it:
 * the same description, type, date and money formats. Rows end in CRLF, as RFC 4180 has it.
 */
export function transactionsCsv(t: TFunction<'wallet'>, language: string, transactions: Transaction[]): string {
  const header = csvColumns.map((column) => t(`transactions.columns.${column}`));
  const rows = transactions.map((transaction) => [
    formatDateTime(transaction.created_at, language),
    describeTransaction(t, transaction),
    transaction.description.params.note ?? '',
    t(`kinds.${transaction.kind}`, { defaultValue: transaction.kind }),
    formatMoney(transaction.amount, language, { signed: true }),
    formatMoney(transaction.balance_after, language),
    transaction.reference,
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** UTF-8 with its byte order mark: without it Excel reads the file in the system's code page and Cyrillic turns to noise. */
export const csvBlob = (text: string) => new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });

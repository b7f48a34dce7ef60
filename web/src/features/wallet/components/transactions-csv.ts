import { csvField as sharedCsvField, csvText, type Transaction } from '@numbernest/contracts';
import type { TFunction } from '@/lib/i18n';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { describeTransaction } from '@/lib/describe-transaction';

/** The export's columns, in order: the history table's, then what the table shows under a description or not at all. */
export const csvColumns = ['date', 'description', 'note', 'kind', 'amount', 'balance', 'reference'] as const;

// An amount as formatMoney writes it ("-$5.00", "+25,00 $", "-USD 1,234.50"): a number to a
// spreadsheet, never a formula, so it keeps its sign instead of a defusing quote.
const writtenAmount = /^[+-](?:\$|USD[ \u00a0])?\d[\d.,  \u00a0\u202f]*(?:[ \u00a0]\$)?$/;

const isWrittenAmount = (value: string) => writtenAmount.test(value);

/** One field as the export writes it: the shared CSV field, with the money formatter's amounts read as numbers. */
export const csvField = (value: string) => sharedCsvField(value, isWrittenAmount);

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
  return csvText([header, ...rows], isWrittenAmount);
}

/** UTF-8 with its byte order mark: without it Excel reads the file in the system's code page and Cyrillic turns to noise. */
export const csvBlob = (text: string) => new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });

import type { Transaction, TransactionsExportReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { filterQuery, transactionsPrefix, type TransactionFilters } from './use-transactions';

export const exportFileName = 'transactions.csv';

/** GET /user/transactions/export?kind=&from=&to=&format=json: the whole filtered list, for the web to word. */
export function exportPath(filters: TransactionFilters): string {
  const query = filterQuery(filters);
  query.set('format', 'json');
  return `${transactionsPrefix}/export?${query.toString()}`;
}

/** Every entry the filters select, newest first. Rejects with ApiError or a network error. */
export async function fetchTransactionsForExport(filters: TransactionFilters): Promise<Transaction[]> {
  const reply = await apiRequest<TransactionsExportReply>(exportPath(filters));
  return reply.data;
}

/** Saves a file through an object URL and a temporary `<a download>`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import { apiDownload } from '@/lib/api-client';
import { filterQuery, transactionsPrefix, type TransactionFilters } from './use-transactions';

export const exportFileName = 'transactions.csv';

/** GET /user/transactions/export?kind=&from=&to=: the whole filtered list as CSV. */
export function exportPath(filters: TransactionFilters): string {
  const query = filterQuery(filters).toString();
  return `${transactionsPrefix}/export${query ? `?${query}` : ''}`;
}

/** Downloads the filtered history and saves it as transactions.csv. Rejects with ApiError or a network error. */
export async function exportTransactions(filters: TransactionFilters): Promise<void> {
  const blob = await apiDownload(exportPath(filters));
  saveFile(blob, exportFileName);
}

/** Through an object URL and a temporary `<a download>`. */
function saveFile(blob: Blob, name: string): void {
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

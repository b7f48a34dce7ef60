import useSWR from 'swr';
import { ledgerKinds, maxTransactionPage, type LedgerKind, type TransactionsReply } from '@numbernest/contracts';
import { swrFetcher, type ApiError } from '@/lib/api-client';
import { isTransactionsKey, transactionsPrefix } from '@/lib/balance';

export { isTransactionsKey, transactionsPrefix };

/** The history filters as the form holds them: blank means "any". Dates are `YYYY-MM-DD`. */
export interface TransactionFilters {
  kind: LedgerKind | '';
  from: string;
  to: string;
}

export const noFilters: TransactionFilters = { kind: '', from: '', to: '' };

const isDay = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));

/** Filters and page from a URL's search params; anything malformed is dropped. */
export function readFilters(params: URLSearchParams): { filters: TransactionFilters; page: number } {
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page') ?? 0);
  return {
    filters: {
      kind: ledgerKinds.includes(kind as LedgerKind) ? (kind as LedgerKind) : '',
      from: isDay(from) ? from : '',
      to: isDay(to) ? to : '',
    },
    page: Number.isInteger(page) && page >= 0 && page <= maxTransactionPage ? page : 0,
  };
}

/** `kind=&from=&to=` with only the filters that are set. */
export function filterQuery(filters: TransactionFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return query;
}

/** GET /user/transactions?page=n&kind=&from=&to= (pages start at 0, like notifications). */
export function transactionsPath(filters: TransactionFilters, page = 0): string {
  return `${transactionsPrefix}?${new URLSearchParams([['page', String(page)], ...filterQuery(filters)])}`;
}

/** One page of the history; the previous page stays on screen while the next one loads. */
export function useTransactions(filters: TransactionFilters, page = 0, { enabled = true } = {}) {
  return useSWR<TransactionsReply, ApiError>(enabled ? transactionsPath(filters, page) : null, swrFetcher, { keepPreviousData: true });
}

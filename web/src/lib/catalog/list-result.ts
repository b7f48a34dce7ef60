import type { SWRResponse } from 'swr';

/** The `{ data }` envelope of list replies (docs/decisions/0011-original-client-contract.md). */
export interface ListReply<T> {
  data: T[];
}

/** What every picker list needs from its request: the items, whether it is loading, the error, a retry. */
export interface ListResult<T> {
  items: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  retry: () => void;
}

export function listResult<T>(swr: SWRResponse<ListReply<T>>): ListResult<T> {
  return {
    items: swr.data?.data,
    isLoading: swr.isLoading,
    error: swr.data ? undefined : swr.error,
    retry: () => void swr.mutate(),
  };
}

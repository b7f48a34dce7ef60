import { type GetNumbersRequest, type MobileNumber, type MobileNumbersReply, NumberType } from '@numbernest/contracts';
import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { apiRequest } from '@/lib/api-client';

/** What the numbers are for: Private numbers serve every service, so Private names none. */
export interface NumberSelection {
  type: NumberType;
  countryId: number;
  serviceId: number | null;
}

type PageKey = readonly ['/get-numbers', NumberType, number, number | null, string | null, string | null];

const fetchPage = async ([path, type, countryId, serviceId, q, page]: PageKey): Promise<MobileNumbersReply> => {
  const paging = { ...(q ? { q } : {}), ...(page ? { page } : {}) };
  // contracts getNumbersRequestSchema: Shared and Temporary name the service, Private does not.
  const body: GetNumbersRequest =
    type === NumberType.Private
      ? { mobile_number_type_id: NumberType.Private, country_id: countryId, ...paging }
      : { mobile_number_type_id: type, country_id: countryId, service_provider_id: serviceId!, ...paging };
  const reply = await apiRequest<MobileNumbersReply>(path, { body });
  // A server that answers everything at once may leave next_page out: there is no next page.
  return { data: reply.data, next_page: reply.next_page ?? null };
};

/** The numbers read so far, a page (at most 100) at a time, and how to read more. */
export interface NumberPages {
  /** Every number of the pages read so far, in the server's order (by number); undefined until the first page. */
  items: readonly MobileNumber[] | undefined;
  /** The first page is on its way. */
  isLoading: boolean;
  /** The first page failed: nothing to show. */
  error: unknown;
  /** Reads the first page again. */
  retry: () => void;
  /** The server has more after the last page read. */
  hasMore: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** A further page failed; `loadMore` asks for it again. */
  moreError: unknown;
  loadMore: () => void;
}

/**
 * POST /get-numbers a page at a time: the first page as soon as `selection` is given (null: idle),
 * then one more per `loadMore`. `q` (digits) asks the server for the numbers that start with them.
 */
export function useNumbers(selection: NumberSelection | null, q: string | null = null): NumberPages {
  const swr = useSWRInfinite<MobileNumbersReply, unknown, (index: number, previous: MobileNumbersReply | null) => PageKey | null>(
    (index, previous) => {
      if (!selection || (previous && previous.next_page === null)) return null;
      const { type, countryId, serviceId } = selection;
      return ['/get-numbers', type, countryId, type === NumberType.Private ? null : serviceId, q, index === 0 ? null : previous!.next_page];
    },
    fetchPage,
    // Reading page n must not read page 1 again (the default), nor every page on a retry.
    { revalidateFirstPage: false },
  );
  const pages = swr.data;
  const items = useMemo(() => pages?.flatMap((page) => page.data), [pages]);
  const hasMore = Boolean(pages?.length && pages.at(-1)!.next_page !== null);
  // A page asked for (size) and not arrived: on its way, or failed and waiting for a retry.
  const missing = hasMore && swr.size > pages!.length;
  return {
    items,
    isLoading: swr.isLoading,
    error: pages ? undefined : swr.error,
    retry: () => void swr.mutate(),
    hasMore,
    loadingMore: missing && (swr.isValidating || !swr.error),
    moreError: missing && !swr.isValidating ? swr.error : undefined,
    // Asking for the size already asked for reads only the missing page: the retry of a failed one.
    loadMore: () => void swr.setSize(missing ? swr.size : (pages?.length ?? 0) + 1),
  };
}

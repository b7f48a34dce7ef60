import useSWR from 'swr';
import type { OpsUserReply } from '@numbernest/contracts/ops';
import type { ApiError } from '@/lib/api-client';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/users?email=: the account of one e-mail (null: nothing asked yet). A 404 is "no such account". */
export const useUserSearch = (email: string | null) =>
  useSWR<OpsUserReply, ApiError>(email ? `/ops/users?email=${encodeURIComponent(email)}` : null, swrFetcher, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });

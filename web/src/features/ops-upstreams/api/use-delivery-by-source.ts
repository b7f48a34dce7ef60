import type { DeliveryBySourceReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import type { ApiError } from '@/lib/api-client';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/delivery-by-source: each source's purchases, codes, reports, rate, time to code and margin over 30 days; read again every 5 minutes. */
export const useDeliveryBySource = () => useSWR<DeliveryBySourceReply, ApiError>('/ops/delivery-by-source', swrFetcher, { refreshInterval: 300_000 });

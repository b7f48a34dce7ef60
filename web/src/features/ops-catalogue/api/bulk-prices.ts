import type { BulkPriceReply, BulkPriceRequest } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/offers/bulk: every offer of a country or a service by a percent (`preview`: nothing written). */
export const bulkPrices = (body: BulkPriceRequest) => apiRequest<BulkPriceReply>('/ops/offers/bulk', { body });

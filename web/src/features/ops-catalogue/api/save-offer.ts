import type { OfferPut, OpsOffer } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** PUT /ops/offers/{countryId}/{serviceId}: sets (or creates) an offer; the stored offer back. */
export const saveOffer = (countryId: number, serviceId: number, body: OfferPut) =>
  apiRequest<{ data: OpsOffer; cache_seconds: number }>(`/ops/offers/${countryId}/${serviceId}`, { method: 'PUT', body });

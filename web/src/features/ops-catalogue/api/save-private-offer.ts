import type { OpsPrivateOffer, PrivateOfferPut } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** PUT /ops/private-offers/{countryId}: sets (or creates) a country's Private prices. */
export const savePrivateOffer = (countryId: number, body: PrivateOfferPut) =>
  apiRequest<{ data: OpsPrivateOffer; cache_seconds: number }>(`/ops/private-offers/${countryId}`, { method: 'PUT', body });

/** DELETE /ops/private-offers/{countryId}: no more Private numbers sold there. */
export const removePrivateOffer = (countryId: number) => apiRequest<unknown>(`/ops/private-offers/${countryId}`, { method: 'DELETE' });

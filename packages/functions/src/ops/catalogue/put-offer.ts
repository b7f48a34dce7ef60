import { offerParamsSchema, offerPutSchema } from '@numbernest/contracts/ops';
import { catalogCacheSeconds, putOffer } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/**
 * PUT /api/ops/offers/{countryId}/{serviceId} { price_per_day, discount_1..3, temporary_price, reason? }
 * -> the offer as stored (created when absent; temporary_price null: no Temporary there).
 */
export const handler = opsHandler({ params: offerParamsSchema, body: offerPutSchema }, async ({ params, body, operator }) => ({
  data: await putOffer(params.countryId, params.serviceId, body, { operator, reason: body.reason }),
  cache_seconds: catalogCacheSeconds(),
}));

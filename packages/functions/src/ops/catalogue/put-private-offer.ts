import { countryParamsSchema, privateOfferPutSchema } from '@numbernest/contracts/ops';
import { catalogCacheSeconds, putPrivateOffer } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** PUT /api/ops/private-offers/{countryId} { price_per_day, discount_1..3, reason? } -> the country's Private offer (created when absent). */
export const handler = opsHandler({ params: countryParamsSchema, body: privateOfferPutSchema }, async ({ params, body, operator }) => ({
  data: await putPrivateOffer(params.countryId, body, { operator, reason: body.reason }),
  cache_seconds: catalogCacheSeconds(),
}));

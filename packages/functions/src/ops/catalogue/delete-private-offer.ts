import { countryParamsSchema } from '@numbernest/contracts/ops';
import { catalogCacheSeconds, deletePrivateOffer } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** DELETE /api/ops/private-offers/{countryId} -> no more Private numbers sold in the country. */
export const handler = opsHandler({ params: countryParamsSchema }, async ({ params, operator }) => ({
  data: await deletePrivateOffer(params.countryId, { operator }),
  cache_seconds: catalogCacheSeconds(),
}));

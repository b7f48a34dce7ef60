import { countryParamsSchema, type OpsOffersReply } from '@numbernest/contracts/ops';
import { catalogCacheSeconds, opsOffersOf } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/countries/{countryId}/offers -> the country's offers as stored now (past the cache). */
export const handler = opsHandler({ params: countryParamsSchema }, async ({ params }): Promise<OpsOffersReply> => ({
  data: await opsOffersOf(params.countryId),
  cache_seconds: catalogCacheSeconds(),
}));

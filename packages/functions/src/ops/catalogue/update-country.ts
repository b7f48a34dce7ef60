import { countryParamsSchema, countryPatchSchema } from '@numbernest/contracts/ops';
import { catalogCacheSeconds, updateCountry } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** PATCH /api/ops/countries/{countryId} { name?, dial_code?, enabled?, reason? } -> the country. */
export const handler = opsHandler({ params: countryParamsSchema, body: countryPatchSchema }, async ({ params, body, operator }) => ({
  data: await updateCountry(params.countryId, body, { operator, reason: body.reason }),
  cache_seconds: catalogCacheSeconds(),
}));

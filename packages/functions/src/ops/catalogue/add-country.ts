import { countryCreateSchema } from '@numbernest/contracts/ops';
import { addCountry, catalogCacheSeconds } from '@numbernest/core/catalogue';
import { withStatus } from '../../lib/http';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/countries { id?, name, iso, dial_code, enabled?, reason? } -> 201 the country. */
export const handler = opsHandler({ body: countryCreateSchema }, async ({ body, operator }) =>
  withStatus(201, { data: await addCountry(body, { operator, reason: body.reason }), cache_seconds: catalogCacheSeconds() }),
);

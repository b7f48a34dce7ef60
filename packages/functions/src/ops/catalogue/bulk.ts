import { bulkPriceSchema, type BulkPriceReply } from '@numbernest/contracts/ops';
import { bulkPrices, catalogCacheSeconds } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/offers/bulk { country_id | service_id, percent, reason?, preview? } -> each offer before and after. */
export const handler = opsHandler({ body: bulkPriceSchema }, async ({ body, operator }): Promise<BulkPriceReply> => ({
  data: await bulkPrices(body, { operator, reason: body.reason }),
  cache_seconds: catalogCacheSeconds(),
}));

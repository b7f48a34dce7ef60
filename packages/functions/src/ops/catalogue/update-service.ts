import { serviceParamsSchema, servicePatchSchema } from '@numbernest/contracts/ops';
import { catalogCacheSeconds, updateService } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** PATCH /api/ops/services/{serviceId} { name?, slug?, code?, patterns?, reason? } -> the service (routing checked as setServiceRouting checks it). */
export const handler = opsHandler({ params: serviceParamsSchema, body: servicePatchSchema }, async ({ params, body, operator }) => ({
  data: await updateService(params.serviceId, body, { operator, reason: body.reason }),
  cache_seconds: catalogCacheSeconds(),
}));

import { serviceCreateSchema } from '@numbernest/contracts/ops';
import { addService, catalogCacheSeconds } from '@numbernest/core/catalogue';
import { withStatus } from '../../lib/http';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/services { name, slug, code?, patterns?, reason? } -> 201 the service (offered nowhere yet). */
export const handler = opsHandler({ body: serviceCreateSchema }, async ({ body, operator }) =>
  withStatus(201, { data: await addService(body, { operator, reason: body.reason }), cache_seconds: catalogCacheSeconds() }),
);

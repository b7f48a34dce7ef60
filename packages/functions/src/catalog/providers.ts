import { countryIdParamsSchema } from '@numbernest/contracts';
import { listServices } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/** GET /api/mobile-number-providers/{countryId} -> the services offered there, with local prices. */
export const handler = httpHandler({ params: countryIdParamsSchema }, async ({ params }) => ({
  data: await listServices(params.countryId),
}));

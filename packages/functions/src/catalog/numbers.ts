import { getNumbersRequestSchema } from '@numbernest/contracts';
import { listNumbers } from '@numbernest/core/catalog';
import { httpHandler } from '../lib/http';

/**
 * POST /api/get-numbers { country_id, mobile_number_type_id, service_provider_id? }
 * -> { data: [{ id, mobile_number, price? }] }; unknown country or service -> 404.
 */
export const handler = httpHandler({ body: getNumbersRequestSchema }, async ({ body }) => ({
  data: await listNumbers(body),
  next_page: null,
}));

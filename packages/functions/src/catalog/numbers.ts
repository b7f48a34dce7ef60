import { getNumbersRequestSchema } from '@numbernest/contracts';
import { listNumbers } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/**
 * POST /api/get-numbers { country_id, mobile_number_type_id, service_provider_id?, q?, limit?, page? }
 * -> { data: [{ id, mobile_number, price? }], next_page }; unknown country or service -> 404, a page
 * not handed out for this list -> 400.
 */
export const handler = httpHandler({ body: getNumbersRequestSchema }, async ({ body }) => {
  const { numbers, nextPage } = await listNumbers(body);
  return { data: numbers, next_page: nextPage };
});

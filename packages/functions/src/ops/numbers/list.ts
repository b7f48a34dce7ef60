import { numbersQuerySchema, type NumbersReply } from '@numbernest/contracts/ops';
import { listInventory } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/numbers?country_id=&mobile_number_type_id=&status=&source=&search=&cursor=&limit= -> every number, by country, type, E.164. */
export const handler = opsHandler({ query: numbersQuerySchema }, async ({ query }): Promise<NumbersReply> => {
  const page = await listInventory(query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

import { cursorQuerySchema, opsUserParamsSchema, type OpsRentalsReply } from '@numbernest/contracts/ops';
import { customerRentals, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/rentals?cursor=&limit= -> the customer's rentals, newest first, with what was refunded. */
export const handler = opsHandler({ params: opsUserParamsSchema, query: cursorQuerySchema }, async ({ params, query }): Promise<OpsRentalsReply> => {
  await getCustomer(params.sub);
  const page = await customerRentals(params.sub, query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

import { cursorQuerySchema, opsUserParamsSchema, type OpsUserTopUpsReply } from '@numbernest/contracts/ops';
import { customerTopUps, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/top-ups?cursor=&limit= -> the customer's top-ups, every status, newest first. */
export const handler = opsHandler({ params: opsUserParamsSchema, query: cursorQuerySchema }, async ({ params, query }): Promise<OpsUserTopUpsReply> => {
  await getCustomer(params.sub);
  const page = await customerTopUps(params.sub, query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

import { opsMessagesQuerySchema, opsUserParamsSchema, type OpsMessagesReply } from '@numbernest/contracts/ops';
import { customerMessages, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/messages?box=&cursor=&limit= -> the customer's SMS (inbox and sent), newest first. */
export const handler = opsHandler({ params: opsUserParamsSchema, query: opsMessagesQuerySchema }, async ({ params, query }): Promise<OpsMessagesReply> => {
  await getCustomer(params.sub);
  const page = await customerMessages(params.sub, query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

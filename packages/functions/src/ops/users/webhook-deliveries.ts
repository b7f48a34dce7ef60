import { cursorQuerySchema, opsUserParamsSchema, type OpsWebhookDeliveriesReply } from '@numbernest/contracts/ops';
import { customerWebhookDeliveries, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/webhook-deliveries?cursor=&limit= -> the customer's webhook deliveries, newest first. */
export const handler = opsHandler({ params: opsUserParamsSchema, query: cursorQuerySchema }, async ({ params, query }): Promise<OpsWebhookDeliveriesReply> => {
  await getCustomer(params.sub);
  const page = await customerWebhookDeliveries(params.sub, query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

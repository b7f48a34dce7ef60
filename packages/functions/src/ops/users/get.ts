import { opsUserParamsSchema, type OpsUserReply } from '@numbernest/contracts/ops';
import { customerSummary, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub} -> the customer's profile summary (the tabs have their own routes). */
export const handler = opsHandler({ params: opsUserParamsSchema }, async ({ params }): Promise<OpsUserReply> => {
  return { message: 'success', data: await customerSummary(await getCustomer(params.sub)) };
});

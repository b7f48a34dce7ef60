import { opsUserParamsSchema, type PurchaseDecisionsReply } from '@numbernest/contracts/ops';
import { getCustomer } from '@numbernest/core/operations';
import { purchaseDecisionsView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/purchase-decisions -> why each of the customer's newest 50 Temporary purchases got its number, newest first. */
export const handler = opsHandler({ params: opsUserParamsSchema }, async ({ params }): Promise<PurchaseDecisionsReply> => {
  await getCustomer(params.sub);
  return purchaseDecisionsView(params.sub);
});

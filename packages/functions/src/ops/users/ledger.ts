import { cursorQuerySchema, opsUserParamsSchema, type OpsLedgerReply } from '@numbernest/contracts/ops';
import { customerLedger, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/ledger?cursor=&limit= -> the customer's ledger entries, newest first. */
export const handler = opsHandler({ params: opsUserParamsSchema, query: cursorQuerySchema }, async ({ params, query }): Promise<OpsLedgerReply> => {
  await getCustomer(params.sub);
  const page = await customerLedger(params.sub, query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

import { blockParamsSchema, unblockRequestSchema, type BlockReply } from '@numbernest/contracts/ops';
import { unblockUser } from '@numbernest/core/accounts';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/users/{sub}/unblock [{ reason }] -> no block: the account's next sign-in works (the revoked tokens stay revoked). */
export const handler = opsHandler({ params: blockParamsSchema, body: unblockRequestSchema }, async ({ params, body, operator }): Promise<BlockReply> => {
  await unblockUser(params.sub, body.reason, operator);
  return { data: { sub: params.sub, blocked: null } };
});

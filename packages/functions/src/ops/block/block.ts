import { blockParamsSchema, blockRequestSchema, type BlockReply } from '@numbernest/contracts/ops';
import { blockUser } from '@numbernest/core/accounts';
import { endSessions } from '../../auth/revocation';
import { opsHandler } from '../../lib/ops';

/**
 * POST /api/ops/users/{sub}/block { reason } -> the block. Stored with its audit entry first (every
 * user route refuses the account from then on), then the sessions end: tokens revoked, sockets closed.
 */
export const handler = opsHandler({ params: blockParamsSchema, body: blockRequestSchema }, async ({ params, body, operator }): Promise<BlockReply> => {
  const blocked = await blockUser(params.sub, body.reason, operator);
  await endSessions(params.sub);
  return { data: { sub: params.sub, blocked } };
});

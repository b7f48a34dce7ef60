import { orphanDismissRequestSchema, orphanIdParamsSchema, type OrphanReply } from '@numbernest/contracts/ops';
import { dismissOrphan, toOrphanMessage } from '@numbernest/core/messaging';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/orphan-messages/{id}/dismiss [{ reason }] -> the orphan, dismissed (delivered to nobody, kept in the dismissed list). */
export const handler = opsHandler(
  { params: orphanIdParamsSchema, body: orphanDismissRequestSchema },
  async ({ params, body, operator }): Promise<OrphanReply> => ({
    data: toOrphanMessage(await dismissOrphan(params.id, body.reason, operator)),
  }),
);

import { orphanAssignRequestSchema, orphanIdParamsSchema, type OrphanReply } from '@numbernest/contracts/ops';
import { assignOrphan, toOrphanMessage } from '@numbernest/core/messaging';
import { opsHandler } from '../../lib/ops';

/**
 * POST /api/ops/orphan-messages/{id}/assign { rental_id } -> the orphan, assigned. Delivered to the
 * rental's renter exactly as a routed SMS; once: a second assign (or a dismiss) of it is 409.
 */
export const handler = opsHandler(
  { params: orphanIdParamsSchema, body: orphanAssignRequestSchema },
  async ({ params, body, operator }): Promise<OrphanReply> => ({
    data: toOrphanMessage(await assignOrphan(params.id, body.rental_id, operator)),
  }),
);

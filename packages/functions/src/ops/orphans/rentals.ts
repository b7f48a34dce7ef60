import { orphanIdParamsSchema, type OrphanCandidatesReply } from '@numbernest/contracts/ops';
import { orphanCandidates } from '@numbernest/core/messaging';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/orphan-messages/{id}/rentals -> the active rentals of the orphan's number now: where it may be assigned. */
export const handler = opsHandler({ params: orphanIdParamsSchema }, async ({ params }): Promise<OrphanCandidatesReply> => ({
  data: await orphanCandidates(params.id),
}));

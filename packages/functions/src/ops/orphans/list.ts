import { orphanListQuerySchema, type OrphanListReply } from '@numbernest/contracts/ops';
import { listOrphans, toOrphanMessage } from '@numbernest/core/messaging';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/orphan-messages?status=open|assigned|dismissed&cursor=&limit= -> orphan SMS of one status (open by default), newest first. */
export const handler = opsHandler({ query: orphanListQuerySchema }, async ({ query }): Promise<OrphanListReply> => {
  const page = await listOrphans(query);
  return { data: page.items.map(toOrphanMessage), next_cursor: page.cursor ?? null };
});

import { cursorQuerySchema, type AuditReply } from '@numbernest/contracts/ops';
import { listAudit } from '@numbernest/core/operator';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/audit?cursor=&limit= -> every operator write, newest first. */
export const handler = opsHandler({ query: cursorQuerySchema }, async ({ query }): Promise<AuditReply> => {
  const page = await listAudit(query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

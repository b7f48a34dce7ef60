import { auditQuerySchema, type AuditReply } from '@numbernest/contracts/ops';
import { listAudit } from '@numbernest/core/accounts';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/audit?cursor=&limit=&from=&to=&operator=&action= -> operator writes, newest first. */
export const handler = opsHandler({ query: auditQuerySchema }, async ({ query }): Promise<AuditReply> => {
  const page = await listAudit(query);
  return { data: page.items, next_cursor: page.cursor ?? null };
});

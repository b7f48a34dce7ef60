import * as z from 'zod/mini';
import { cursorPage, operatorRefSchema } from './shared';

/**
 * One operator write, as the append-only audit list keeps it: who, when, what (`action`, e.g.
 * `top-up.approve`, on `target`), the state before and after (JSON values, null when there was none)
 * and the reason given.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  operator: operatorRefSchema,
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/ops/audit?cursor=&limit=: newest first. */
export const auditReplySchema = cursorPage(auditEntrySchema);
export type AuditReply = z.infer<typeof auditReplySchema>;

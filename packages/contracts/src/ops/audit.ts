import * as z from 'zod/mini';
import { blankIsUndefined, preprocess } from '../http';
import { singleLine } from '../text';
import { cursorPage, cursorQuerySchema, operatorRefSchema } from './shared';

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

/** A whole UTC day, `YYYY-MM-DD`. */
const utcDay = z.string().check(
  singleLine(),
  // A day that exists: 2026-02-30 would parse, as 2 March.
  z.refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s), {
    params: { code: 'INVALID_FORMAT' },
  }),
);
const optionalText = (max: number) => preprocess(blankIsUndefined, z.optional(z.string().check(z.trim(), singleLine(), z.maxLength(max))));

/**
 * GET /api/ops/audit's filters: UTC days `from`..`to` (both included), the acting operator's e-mail
 * (as the entries show it), the action; all optional, each narrowing the others.
 */
export const auditQuerySchema = z.extend(cursorQuerySchema, {
  from: preprocess(blankIsUndefined, z.optional(utcDay)),
  to: preprocess(blankIsUndefined, z.optional(utcDay)),
  operator: optionalText(254),
  action: optionalText(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /api/ops/audit?cursor=&limit=&from=&to=&operator=&action=: newest first. */
export const auditReplySchema = cursorPage(auditEntrySchema);
export type AuditReply = z.infer<typeof auditReplySchema>;

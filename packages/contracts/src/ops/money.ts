// The money part of the operator console: its wire types.
import * as z from 'zod/mini';
import { dollarsSchema } from '../dollars';
import { blankIsUndefined, preprocess } from '../http';
import { paymentProviderSchema } from '../money';
import { topUpStatusSchema } from '../top-ups';
import { singleLine } from '../text';
import { cursorQuerySchema, cursorPage, operatorRefSchema, reasonSchema } from './shared';

// Top-ups in review

/** The top-up lists the console keeps: only those waiting for an operator (status `review`). */
export const opsTopUpListStatuses = ['review'] as const;

/** GET /api/ops/top-ups?status=review&cursor=&limit= */
export const opsTopUpsQuerySchema = z.extend(cursorQuerySchema, {
  status: z.optional(preprocess(blankIsUndefined, z.enum(opsTopUpListStatuses))),
});
export type OpsTopUpsQuery = z.infer<typeof opsTopUpsQuerySchema>;

/** An operator's decision on a top-up in review. */
export const topUpDecisionSchema = z.object({
  outcome: z.enum(['approved', 'rejected']),
  operator: operatorRefSchema,
  reason: z.nullable(z.string()),
  at: z.string(),
});
export type TopUpDecision = z.infer<typeof topUpDecisionSchema>;

/**
 * A top-up as an operator sees it: what was asked, what the provider's notification says was paid
 * (in its currency, to which merchant account), why it waits, and the notification as it was stored
 * (JSON as an object, a form body as its fields, anything else as text).
 */
export const opsTopUpSchema = z.object({
  id: z.string(),
  user: z.object({ sub: z.string(), email: z.string() }),
  provider: paymentProviderSchema,
  status: topUpStatusSchema,
  /** What the customer asked to pay (dollars). */
  asked: dollarsSchema,
  currency: z.string(),
  /** What the notification says was paid, in `paid_currency` (null when it was not kept). */
  paid: z.nullable(dollarsSchema),
  paid_currency: z.nullable(z.string()),
  paid_merchant: z.nullable(z.string()),
  review_reason: z.nullable(z.string()),
  provider_ref: z.nullable(z.string()),
  notification: z.unknown(),
  /** Approve credits `paid`: possible when only the amount differs (a payment in another currency or to another account can only be rejected). */
  approvable: z.boolean(),
  created_at: z.string(),
  reviewed_at: z.nullable(z.string()),
  decision: z.nullable(topUpDecisionSchema),
});
export type OpsTopUp = z.infer<typeof opsTopUpSchema>;

export const opsTopUpsReplySchema = cursorPage(opsTopUpSchema);
export type OpsTopUpsReply = z.infer<typeof opsTopUpsReplySchema>;

export const opsTopUpIdParamsSchema = z.object({ id: z.string().check(singleLine(), z.regex(/^[0-9a-z]{10,40}$/, 'Invalid format.')) });

/** POST /api/ops/top-ups/{id}/approve { reason? }: credits what the provider paid. */
export const approveTopUpRequestSchema = z.object({ reason: z.optional(reasonSchema) });
export type ApproveTopUpRequest = z.infer<typeof approveTopUpRequestSchema>;

/** POST /api/ops/top-ups/{id}/reject { reason }: no money moves. */
export const rejectTopUpRequestSchema = z.object({ reason: reasonSchema });
export type RejectTopUpRequest = z.infer<typeof rejectTopUpRequestSchema>;

/** The reply of approve and reject: the top-up after the decision. */
export const opsTopUpReplySchema = z.object({ data: opsTopUpSchema });
export type OpsTopUpReply = z.infer<typeof opsTopUpReplySchema>;

// Accounts on hold (card payments taken back) in the operator console: their wire types.
import * as z from 'zod/mini';
import { balanceDollarsSchema, dollarsSchema } from '../dollars';
import { operatorRefSchema, reasonSchema } from './shared';
import { userSubSchema } from './users';

/** One card payment taken back: a dispute (`chargeback`, reference = the dispute) or a refund to the card (reference = the charge). */
export const opsHoldEventSchema = z.object({
  kind: z.enum(['chargeback', 'card-refund']),
  top_up_id: z.string(),
  reference: z.string(),
  provider: z.string(),
  /** Dollars taken back. */
  amount: dollarsSchema,
  at: z.string(),
  /** The dispute's reason as the provider gives it (null for a refund). */
  reason: z.nullable(z.string()),
});
export type OpsHoldEvent = z.infer<typeof opsHoldEventSchema>;

export const holdDecisionKinds = ['release', 'keep'] as const;
export type HoldDecisionKind = (typeof holdDecisionKinds)[number];

/** An operator's decision on a hold: `keep` (reviewed, stays on hold) or `release` (the account may spend again). */
export const opsHoldDecisionSchema = z.object({
  decision: z.enum(holdDecisionKinds),
  operator: operatorRefSchema,
  reason: z.string(),
  at: z.string(),
});
export type OpsHoldDecision = z.infer<typeof opsHoldDecisionSchema>;

/** A held account as operators see it: what was taken back, the balance now (negative: owed), each dispute's state, earlier decisions. */
export const opsHoldSchema = z.object({
  sub: z.string(),
  email: z.string(),
  since: z.string(),
  balance: balanceDollarsSchema,
  /** Oldest first. A decision names how many of these the operator saw (`events_seen`). */
  events: z.array(opsHoldEventSchema),
  /** By dispute id: `open`, or how it closed (`won`, `lost`, `warning_closed`); `unknown` when not found. */
  disputes: z.record(z.string(), z.string()),
  /** Decisions to keep the hold, oldest first. */
  decisions: z.array(opsHoldDecisionSchema),
});
export type OpsHold = z.infer<typeof opsHoldSchema>;

/** GET /api/ops/holds: every account on hold, oldest first (the list is short: no pages). */
export const opsHoldsReplySchema = z.object({ data: z.array(opsHoldSchema) });
export type OpsHoldsReply = z.infer<typeof opsHoldsReplySchema>;

export const opsHoldParamsSchema = z.strictObject({ sub: userSubSchema });

/**
 * POST /api/ops/holds/{sub}/decision. `events_seen`: how many card reversals the operator was shown;
 * another one arrived since -> 409 HOLD_CHANGED, so nobody decides on what they have not seen.
 */
export const holdDecisionRequestSchema = z.object({
  decision: z.enum(holdDecisionKinds),
  reason: reasonSchema,
  events_seen: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)),
});
export type HoldDecisionRequest = z.infer<typeof holdDecisionRequestSchema>;

/** The decision as recorded; `on_hold` is whether the account stays held after it. */
export const opsHoldDecisionReplySchema = z.object({
  data: z.extend(opsHoldDecisionSchema, { sub: z.string(), email: z.string(), on_hold: z.boolean() }),
});
export type OpsHoldDecisionReply = z.infer<typeof opsHoldDecisionReplySchema>;

import * as z from 'zod/mini';
import { intSchema } from './http';

/**
 * An account's standing: how much of the inventory it may hold, from how its recent numbers went.
 * The figures are the server's and the web's alike (the web explains them, the server enforces
 * them); the rule and its reasons are written down in docs/decisions/0014-holding-limits-and-standing.md.
 *
 * - Outcomes are counted per UTC day over the last `windowDays` days: a number *delivered* when it
 *   receives its first SMS, *unused* when it is refunded without one (closed, cancelled or expired).
 * - The tier follows from them: `paused` (no purchases) at `paused.unusedAtLeast` unused numbers or
 *   more with a success rate below `paused.rateBelow`; `limited` likewise with the `limited`
 *   figures; `trusted` at `trusted.deliveredAtLeast` delivered numbers or more with a success rate of
 *   `trusted.rateAtLeast` or more; else `standard`.
 * - Each tier holds at most `holdLimits[tier]` numbers at once, and no account holds more than
 *   `sliceShare` of what a country offers for a service (a country's Private numbers, for Private),
 *   counting its own, and never fewer than `sliceFloor`.
 * - A Shared or Private number bought while `limited` has no refund window: closing it refunds nothing.
 */
export const standingFigures = {
  windowDays: 7,
  holdLimits: { trusted: 100, standard: 10, limited: 3, paused: 0 },
  sliceShare: 0.25,
  sliceFloor: 2,
  paused: { unusedAtLeast: 10, rateBelow: 0.1 },
  limited: { unusedAtLeast: 5, rateBelow: 0.3 },
  trusted: { deliveredAtLeast: 20, rateAtLeast: 0.8 },
} as const;

export const standingTiers = ['trusted', 'standard', 'limited', 'paused'] as const;
export const standingTierSchema = z.enum(standingTiers);
export type StandingTier = z.infer<typeof standingTierSchema>;

/** GET /user/standing */
export const standingSchema = z.object({
  tier: standingTierSchema,
  /** Numbers that received an SMS, and numbers refunded without one, in the last `window_days` days. */
  delivered: intSchema(),
  unused: intSchema(),
  window_days: intSchema(),
  /** Delivered out of delivered + unused, in whole percent; null before the first outcome. */
  success_rate: z.nullable(intSchema()),
  /** Numbers held now, and the most this tier may hold at once. */
  held: intSchema(),
  hold_limit: intSchema(),
  /** Whether a Shared or Private number bought now may be closed for a refund within its window. */
  close_refunds: z.boolean(),
  /** While paused: when purchases open again by themselves (ISO), as the oldest outcomes leave the window. */
  paused_until: z.nullable(z.string()),
});
export type Standing = z.infer<typeof standingSchema>;
export const standingReplySchema = z.object({ message: z.literal('success'), data: standingSchema });
export type StandingReply = z.infer<typeof standingReplySchema>;

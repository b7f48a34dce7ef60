import * as z from 'zod/mini';
import { balanceDollarsSchema, dollarsSchema } from './dollars';
import { amountSchema } from './amount';
import { maxTransferDollars, maxTransferNoteLength } from './money';
import { joinLines, singleLine } from './text';

/** Transfers between users (a module of its own, so a Lambda that moves no transfer carries none of it). */

export const transferRequestSchema = z.strictObject({
  email: z.pipe(z.string().check(z.trim(), singleLine(), z.toLowerCase()), z.email()),
  amount: amountSchema(0.01, maxTransferDollars),
  note: z.optional(z.string().check(joinLines(), z.trim(), singleLine(), z.maxLength(maxTransferNoteLength))),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/** POST /user/transfers -> 201; `balance` is the sender's balance after it. */
export const transferReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({ id: z.string(), amount: dollarsSchema, to: z.string(), balance: dollarsSchema }),
});
export type TransferReply = z.infer<typeof transferReplySchema>;

/**
 * GET /user/transfers/allowance: what the caller may send now. `transferable` is the balance less
 * card top-ups of the last `cardTransferHoldHours` (`held`), clamped at 0, and at most `left_today`
 * of the daily limit. `on_hold`: a card payment was taken back, so nothing may leave the balance
 * until our team has looked at it (top-ups still work).
 */
export const transferAllowanceReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({
    balance: balanceDollarsSchema,
    held: dollarsSchema,
    transferable: dollarsSchema,
    daily_limit: dollarsSchema,
    sent_today: dollarsSchema,
    left_today: dollarsSchema,
    on_hold: z.boolean(),
  }),
});
export type TransferAllowanceReply = z.infer<typeof transferAllowanceReplySchema>;
export type TransferAllowance = TransferAllowanceReply['data'];

import * as z from 'zod/mini';
import { dollarsSchema } from './dollars';
import { amountSchema } from './amount';
import { maxTopUpDollars, minTopUpDollars, paymentProviderSchema } from './money';
import { singleLine } from './text';

/** Top-ups through the payment providers (a module of its own, so a Lambda that moves no top-up carries none of it). */

export const topUpRequestSchema = z.strictObject({
  amount: amountSchema(minTopUpDollars, maxTopUpDollars),
  provider: paymentProviderSchema,
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

/** `review`: the notification did not match (amount, currency, merchant); an operator approves (-> paid) or rejects it (-> rejected). */
export const topUpStatuses = ['pending', 'paid', 'failed', 'expired', 'review', 'rejected'] as const;
export const topUpStatusSchema = z.enum(topUpStatuses);
export type TopUpStatus = z.infer<typeof topUpStatusSchema>;

/** What the browser does next: open `url` (GET), or submit a form with `fields` to it (POST). */
export const checkoutSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** Top-up ids are time-sortable base-36 strings (letters and digits only: every provider accepts them). */
export const topUpIdSchema = z.string().check(singleLine(), z.regex(/^[0-9a-z]{10,40}$/, 'Invalid format.'));

export const topUpSchema = z.object({
  id: z.string(),
  provider: paymentProviderSchema,
  amount: dollarsSchema,
  status: topUpStatusSchema,
  created_at: z.string(),
  /** null until credited. */
  paid_at: z.nullable(z.string()),
});
export type TopUp = z.infer<typeof topUpSchema>;

/** POST /user/top-ups -> 201 */
export const createTopUpReplySchema = z.object({
  message: z.literal('success'),
  data: z.extend(z.omit(topUpSchema, { paid_at: true }), { checkout: checkoutSchema }),
});
export type CreateTopUpReply = z.infer<typeof createTopUpReplySchema>;

/** GET /user/top-ups/{id} */
export const topUpReplySchema = z.object({ message: z.literal('success'), data: topUpSchema });
export type TopUpReply = z.infer<typeof topUpReplySchema>;
export const topUpParamsSchema = z.strictObject({ id: topUpIdSchema });

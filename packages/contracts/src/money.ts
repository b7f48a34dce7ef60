import * as z from 'zod/mini';
import { balanceDollarsSchema, dollarsSchema } from './catalog';
import { blankIsUndefined, intSchema, pageNumberSchema, preprocess } from './http';
import { joinLines, singleLine } from './text';

/**
 * Money: top-ups through payment providers, transfers between users, and the ledger history.
 * Amounts are dollars with at most 2 decimals at the edge; the server keeps integer cents.
 */

/** The five top-up providers; each has a webhook `/api/webhooks/{provider}` and return routes `/{provider}/success|cancel`. */
export const paymentProviders = ['stripe', 'perfectmoney', 'payeer', 'binance', 'crypto'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** Top-up bounds (dollars). */
export const minTopUpDollars = 1;
export const maxTopUpDollars = 10_000;
/** Transfer bound per transfer (dollars); the balance is the real limit. */
export const maxTransferDollars = 10_000;
/** What one user may send to others per UTC day (dollars), counted in the transfer's own transaction. */
export const dailyTransferLimitDollars = 500;
/** Card top-ups (Stripe) can be taken back by the payer's bank: they may not be sent on for this long after they land. */
export const cardTransferHoldHours = 24;
export const maxTransferNoteLength = 200;

/** True when a dollar amount has no more than 2 decimals (0.1 + 0.2 style float noise tolerated). */
export const hasCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** A positive dollar amount with at most 2 decimals, within [min, max]. */
const amountSchema = (min: number, max: number) =>
  z.pipe(
    z.number().check(
      z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
      z.refine(hasCents, { params: { code: 'TOO_MANY_DECIMALS' } }),
    ),
    z.number().check(min > 0.01 ? z.minimum(min) : z.positive(), z.maximum(max)),
  );

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

/** Sent as the `Idempotency-Key` header on money-moving POSTs: the same key twice moves money once. */
export const idempotencyKeySchema = z.string().check(z.trim(), z.minLength(8), z.maxLength(128), z.regex(/^[\x21-\x7e]+$/, 'Invalid format.'));
export const idempotencyHeader = 'idempotency-key';

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

/**
 * Every kind of balance change; each is one ledger entry per user it touches. `adjustment`: money
 * an operator (or a test, a bench) credits or debits by hand, with the reason as its reference.
 */
export const ledgerKinds = [
  'top-up',
  'transfer-out',
  'transfer-in',
  'purchase',
  'refund',
  'extension',
  'sms-out',
  // A card top-up taken back: the payer's bank disputed it, or it was refunded to the card.
  'chargeback',
  'card-refund',
  // A dispute that closed in our favour (or an inquiry that never became one): the money is back.
  'chargeback-reversal',
  'adjustment',
] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** A ledger entry as the API shows it: `amount` is signed (negative for money out). */
export const transactionSchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  amount: z.number(),
  balance_after: balanceDollarsSchema,
  /** The business item it belongs to: a top-up id, a transfer id, a rental id. */
  reference: z.string(),
  created_at: z.string(),
  /** A translation key and its values (the web words it in the interface language). */
  description: z.object({ key: z.string(), params: z.record(z.string(), z.string()) }),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsPerPage = 20;
export const maxTransactionPage = 49;

/** `YYYY-MM-DD` (a whole UTC day) or a full ISO time. */
const dayOrTime = z.string().check(
  singleLine(),
  z.refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), { params: { code: 'INVALID_FORMAT' } }),
);

export const transactionFilterSchema = z.strictObject({
  kind: preprocess(blankIsUndefined, z.optional(ledgerKindSchema)),
  from: preprocess(blankIsUndefined, z.optional(dayOrTime)),
  to: preprocess(blankIsUndefined, z.optional(dayOrTime)),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

/**
 * GET /user/transactions/export: the whole filtered list. `format=csv` (the default) for programs:
 * a CSV with the words as keys and values; `format=json` for the web, which writes its own CSV in
 * the reader's language.
 */
export const transactionsExportQuerySchema = z.extend(transactionFilterSchema, {
  format: preprocess(blankIsUndefined, z.optional(z.enum(['csv', 'json']))),
});
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;
export const transactionsExportReplySchema = z.object({ message: z.literal('success'), data: z.array(transactionSchema) });
export type TransactionsExportReply = z.infer<typeof transactionsExportReplySchema>;

export const transactionsQuerySchema = z.extend(transactionFilterSchema, {
  page: pageNumberSchema(maxTransactionPage),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

/** GET /user/transactions: the notifications' paging style (`data.data` holds the items). */
export const transactionPageSchema = z.object({
  current_page: intSchema(),
  per_page: intSchema(),
  data: z.array(transactionSchema),
  next_page: z.nullable(intSchema()),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;
export const transactionsReplySchema = z.object({ message: z.literal('success'), data: transactionPageSchema });
export type TransactionsReply = z.infer<typeof transactionsReplySchema>;

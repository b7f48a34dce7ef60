// The users part of the operator console (the customer view and the money actions on one customer): its wire types.
import * as z from 'zod/mini';
import { apiKeySchema, webhookDeliverySchema } from '../api-keys';
import { balanceDollarsSchema, dollarsSchema } from '../dollars';
import { hasCents } from '../money';
import { topUpSchema } from '../top-ups';
import { transactionSchema } from '../transactions';
import { messageSchema, rentalSchema } from '../rental';
import { messageBoxSchema } from '../message-kinds';
import { rentalIdSchema } from '../rental-id';
import { blankIsUndefined, preprocess } from '../http';
import { standingSchema } from '../standing';
import { singleLine } from '../text';
import { cursorPage, cursorQuerySchema, operatorRefSchema, reasonSchema } from './shared';

/** The most one adjustment may move, either way (a typo guard, not a policy). */
export const maxAdjustmentDollars = 10_000;

/** A blocked account: since when, why, and which operator. null: not blocked. */
export const blockStateSchema = z.object({ since: z.string(), reason: z.string(), by: operatorRefSchema });
export type BlockState = z.infer<typeof blockStateSchema>;

/** A customer as operators see them: the profile's facts, the balance and what limits the account. */
export const opsUserSchema = z.object({
  sub: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  /** Set when the customer deleted the account (the profile stays, with its balance). */
  deleted_at: z.nullable(z.string()),
  balance: balanceDollarsSchema,
  /** Card money taken back: every debit refused until an operator releases it. */
  account_hold: z.nullable(z.object({ since: z.string(), reason: z.string() })),
  /** Blocked by an operator: every user route refused. */
  blocked: z.nullable(blockStateSchema),
  operator_since: z.nullable(z.string()),
  /** The customer's webhook URL (never its secret). */
  webhook_url: z.nullable(z.string()),
  /** What the customer may hold, from how its recent numbers went (as the customer sees it). */
  standing: standingSchema,
});
export type OpsUser = z.infer<typeof opsUserSchema>;
export const opsUserReplySchema = z.object({ message: z.literal('success'), data: opsUserSchema });
export type OpsUserReply = z.infer<typeof opsUserReplySchema>;

/** GET /api/ops/users?email=: one account by its e-mail, exact and case-insensitive. */
export const opsUserSearchSchema = z.strictObject({ email: z.pipe(z.string().check(z.trim(), singleLine(), z.toLowerCase()), z.email()) });
export type OpsUserSearch = z.infer<typeof opsUserSearchSchema>;

/** Cognito subs are UUIDs (the local emulator's too). */
export const userSubSchema = z.string().check(singleLine(), z.regex(/^[0-9A-Za-z-]{8,64}$/, 'Invalid format.'));
export const opsUserParamsSchema = z.strictObject({ sub: userSubSchema });
export const opsUserRentalParamsSchema = z.strictObject({ sub: userSubSchema, id: rentalIdSchema });

/**
 * A ledger entry as operators see it: the customer's view (its words are the customer's), plus
 * the operator who made it and their internal note, which the customer never gets.
 */
export const opsLedgerEntrySchema = z.extend(transactionSchema, { operator: z.nullable(z.string()), note: z.nullable(z.string()) });
export type OpsLedgerEntry = z.infer<typeof opsLedgerEntrySchema>;

/** The ledger tab: newest first. */
export const opsLedgerReplySchema = cursorPage(opsLedgerEntrySchema);
export type OpsLedgerReply = z.infer<typeof opsLedgerReplySchema>;

/** A top-up with what operators need beyond the customer's view. */
export const opsUserTopUpSchema = z.extend(topUpSchema, {
  /** Taken back by the card's bank or refunded to the card (dollars). */
  reversed: dollarsSchema,
  /** Why it waits for an operator (status review). */
  review_reason: z.nullable(z.string()),
});
export type OpsUserTopUp = z.infer<typeof opsUserTopUpSchema>;
export const opsUserTopUpsReplySchema = cursorPage(opsUserTopUpSchema);
export type OpsUserTopUpsReply = z.infer<typeof opsUserTopUpsReplySchema>;

/** A rental with what operators gave back of it and what is left to give. */
export const opsRentalSchema = z.extend(rentalSchema, {
  /** Refunded so far (the whole price once it ended refunded). */
  refunded: dollarsSchema,
  /** What an operator may still refund once it has ended. */
  refundable_amount: dollarsSchema,
});
export type OpsRental = z.infer<typeof opsRentalSchema>;
export const opsRentalsReplySchema = cursorPage(opsRentalSchema);
export type OpsRentalsReply = z.infer<typeof opsRentalsReplySchema>;

export const opsMessagesQuerySchema = z.extend(cursorQuerySchema, { box: z.optional(preprocess(blankIsUndefined, messageBoxSchema)) });
export type OpsMessagesQuery = z.infer<typeof opsMessagesQuerySchema>;
export const opsMessagesReplySchema = cursorPage(messageSchema);
export type OpsMessagesReply = z.infer<typeof opsMessagesReplySchema>;

/** Names and times only: never the key or its hash. */
export const opsApiKeySchema = z.extend(apiKeySchema, { revoked_at: z.nullable(z.string()) });
export type OpsApiKey = z.infer<typeof opsApiKeySchema>;
export const opsApiKeysReplySchema = z.object({ data: z.array(opsApiKeySchema) });
export type OpsApiKeysReply = z.infer<typeof opsApiKeysReplySchema>;

export const opsWebhookDeliveriesReplySchema = cursorPage(webhookDeliverySchema);
export type OpsWebhookDeliveriesReply = z.infer<typeof opsWebhookDeliveriesReplySchema>;

/** Signed dollars, two decimals at most, never zero. */
const signedAmountSchema = z.pipe(
  z.number().check(
    z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
    z.refine(hasCents, { params: { code: 'TOO_MANY_DECIMALS' } }),
    z.refine((n) => n !== 0, { params: { code: 'INVALID_VALUE' }, message: 'Must not be zero.' }),
  ),
  z.number().check(z.minimum(-maxAdjustmentDollars), z.maximum(maxAdjustmentDollars)),
);

/** The most a customer's text of an adjustment may hold: one line of their transaction list. */
export const maxCustomerTextLength = 140;

/** What the customer reads of an adjustment (their transactions, the export): one line, no control characters. */
export const customerTextSchema = z.string().check(z.trim(), singleLine(), z.minLength(3), z.maxLength(maxCustomerTextLength));

/**
 * POST /api/ops/users/{sub}/adjustments + Idempotency-Key: credit (positive) or debit (negative).
 * `reason` is the internal note (the audit log and the console); `customer_text` is all the customer reads.
 */
export const adjustmentRequestSchema = z.strictObject({ amount: signedAmountSchema, reason: reasonSchema, customer_text: customerTextSchema });
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/** The new balance and the `adjustment` entry (a replay answers the first call's). */
export const adjustmentReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({ balance: balanceDollarsSchema, entry: opsLedgerEntrySchema }),
});
export type AdjustmentReply = z.infer<typeof adjustmentReplySchema>;

/** POST /api/ops/users/{sub}/rentals/{id}/refund + Idempotency-Key: `amount` absent = all that is left. */
export const rentalRefundRequestSchema = z.strictObject({
  amount: z.optional(
    z.pipe(
      z.number().check(
        z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
        z.refine(hasCents, { params: { code: 'TOO_MANY_DECIMALS' } }),
      ),
      z.number().check(z.positive(), z.maximum(maxAdjustmentDollars)),
    ),
  ),
  reason: reasonSchema,
});
export type RentalRefundRequest = z.infer<typeof rentalRefundRequestSchema>;
export const rentalRefundReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({ balance: balanceDollarsSchema, entry: opsLedgerEntrySchema, rental: opsRentalSchema }),
});
export type RentalRefundReply = z.infer<typeof rentalRefundReplySchema>;

/** POST /api/ops/users/{sub}/rentals/{id}/close: ends it now; its whole price back only when `refund`. */
export const rentalCloseRequestSchema = z.strictObject({ reason: reasonSchema, refund: z.optional(z.boolean()) });
export type RentalCloseRequest = z.infer<typeof rentalCloseRequestSchema>;
export const rentalCloseReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({ rental: opsRentalSchema, refunded: z.boolean(), balance: z.nullable(balanceDollarsSchema) }),
});
export type RentalCloseReply = z.infer<typeof rentalCloseReplySchema>;

// Block

export const blockParamsSchema = z.object({ sub: z.string().check(singleLine(), z.minLength(1), z.maxLength(100)) });

/** POST /api/ops/users/{sub}/block: every user route answers 403 ACCOUNT_BLOCKED, its sessions end; the balance stays. */
export const blockRequestSchema = z.object({ reason: reasonSchema });
export type BlockRequest = z.infer<typeof blockRequestSchema>;
/** POST /api/ops/users/{sub}/unblock. */
export const unblockRequestSchema = z.object({ reason: z.optional(reasonSchema) });
export type UnblockRequest = z.infer<typeof unblockRequestSchema>;
/** Both answer the account's block as it is now. */
export const blockReplySchema = z.object({ data: z.object({ sub: z.string(), blocked: z.nullable(blockStateSchema) }) });
export type BlockReply = z.infer<typeof blockReplySchema>;

/** What an operator searches customers by: part of an e-mail, a number they rent or rented, or a rental's id. */
export const customerSearchKinds = ['email', 'phone', 'rental'] as const;
export type CustomerSearchKind = (typeof customerSearchKinds)[number];

/** A pasted phone number's digits with its country code (`+44 7700 900123`, `00447700900123`, `447700900123`), or null. */
export function phoneDigits(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  const digits = /^(?:\+|00)?(\d{7,15})$/.exec(compact)?.[1];
  return digits ?? null;
}

/** GET /api/ops/users/search?by=&q=&cursor=: customers by part of an e-mail (any case), by a number's E.164, or by a rental id. */
export const opsCustomerSearchQuerySchema = z
  .strictObject({
    by: z.enum(customerSearchKinds),
    q: z.string().check(z.trim(), singleLine(), z.minLength(3), z.maxLength(254)),
    cursor: z.optional(preprocess(blankIsUndefined, z.string().check(singleLine(), z.maxLength(500)))),
  })
  .check(
    z.refine((query) => query.by !== 'phone' || phoneDigits(query.q) !== null, { path: ['q'], params: { code: 'INVALID_FORMAT' } }),
    z.refine((query) => query.by !== 'rental' || rentalIdSchema.safeParse(query.q.toLowerCase()).success, { path: ['q'], params: { code: 'INVALID_FORMAT' } }),
    // `#` separates a key's parts: part of an e-mail never holds one.
    z.refine((query) => query.by !== 'email' || !query.q.includes('#'), { path: ['q'], params: { code: 'INVALID_FORMAT' } }),
  );
export type OpsCustomerSearchQuery = z.infer<typeof opsCustomerSearchQuerySchema>;

/** A customer a search found, with what matched: the number, and the rental that holds it now, if any. */
export const opsCustomerMatchSchema = z.object({
  sub: z.string(),
  email: z.string(),
  deleted: z.boolean(),
  blocked: z.boolean(),
  number: z.nullable(z.string()),
  rental_id: z.nullable(z.string()),
});
export type OpsCustomerMatch = z.infer<typeof opsCustomerMatchSchema>;
/** A page of matches; an e-mail search reads the table a slice at a time, so a page may be short (even empty) with a next cursor. */
export const opsCustomerSearchReplySchema = cursorPage(opsCustomerMatchSchema);
export type OpsCustomerSearchReply = z.infer<typeof opsCustomerSearchReplySchema>;

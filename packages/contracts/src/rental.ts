import * as z from 'zod/mini';
import { forwardingDeliverySchema } from './forwarding';
import { numberTypeSchema } from './catalog';
import { balanceDollarsSchema, dollarsSchema } from './dollars';
import { blankIsUndefined, bodyIdSchema, idSchema, intSchema, pageNumberSchema, preprocess } from './http';
import { rentalIdSchema } from './rental-id';
import { reportReasonSchema } from './report-reasons';
import { messageBoxSchema, messageStatusSchema } from './message-kinds';

/**
 * Rentals (a number bought from the balance) and the SMS they receive or send.
 * Times are ISO strings; money dollars with 2 decimals.
 */

/** A purchase of one chosen number. Shared and Temporary name the service; Shared and Private the rent period. */
const numberPurchaseVariants = {
  shared: z.strictObject({
    mobile_number_type_id: z.literal(1),
    mobile_number_id: bodyIdSchema,
    service_provider_id: bodyIdSchema,
    rent_time_id: bodyIdSchema,
  }),
  private: z.strictObject({ mobile_number_type_id: z.literal(2), mobile_number_id: bodyIdSchema, rent_time_id: bodyIdSchema }),
  temporary: z.strictObject({ mobile_number_type_id: z.literal(3), mobile_number_id: bodyIdSchema, service_provider_id: bodyIdSchema }),
};
export const numberPurchaseRequestSchema = z.discriminatedUnion('mobile_number_type_id', [
  numberPurchaseVariants.shared,
  numberPurchaseVariants.private,
  numberPurchaseVariants.temporary,
]);
/** The purchase of a chosen number (what core's purchase takes). */
export type PurchaseRequest = z.infer<typeof numberPurchaseRequestSchema>;

/** "Any number": a Temporary activation of the service in the country, on whichever number is free (ours or a partner's agent's). */
export const anyNumberPurchaseRequestSchema = z.strictObject({
  mobile_number_type_id: z.literal(3),
  country_id: bodyIdSchema,
  service_provider_id: bodyIdSchema,
});
export type AnyNumberPurchaseRequest = z.infer<typeof anyNumberPurchaseRequestSchema>;

/**
 * POST /user/rentals (+ Idempotency-Key): a chosen number, or (Temporary) any number of the service in
 * a country. A Temporary body names either `mobile_number_id` or `country_id` (one of the two, so
 * a bad body still gets its field errors rather than a union's).
 */
export const purchaseRequestSchema = z.discriminatedUnion('mobile_number_type_id', [
  numberPurchaseVariants.shared,
  numberPurchaseVariants.private,
  z
    .strictObject({
      mobile_number_type_id: z.literal(3),
      mobile_number_id: z.optional(bodyIdSchema),
      country_id: z.optional(bodyIdSchema),
      service_provider_id: bodyIdSchema,
    })
    .check(
      z.superRefine((body, ctx) => {
        const { mobile_number_id: number, country_id: country } = body;
        if (number === undefined && country === undefined)
          ctx.addIssue({ code: 'invalid_type', expected: 'number', input: undefined, path: ['mobile_number_id'], message: 'Required.' });
        if (number !== undefined && country !== undefined)
          ctx.addIssue({ code: 'unrecognized_keys', keys: ['country_id'], input: body, message: 'Unknown field.' });
      }),
    ),
]);
export type PurchaseBody = PurchaseRequest | AnyNumberPurchaseRequest;

/** The body as one of its two kinds (the schema's check leaves exactly one of `mobile_number_id` and `country_id` on a Temporary body). */
export function purchaseKindOf(body: z.infer<typeof purchaseRequestSchema>): { number: PurchaseRequest } | { any: AnyNumberPurchaseRequest } {
  if (body.mobile_number_type_id !== 3) return { number: body };
  const { mobile_number_id, country_id, service_provider_id } = body;
  if (mobile_number_id !== undefined) return { number: { mobile_number_type_id: 3, mobile_number_id, service_provider_id } };
  return { any: { mobile_number_type_id: 3, country_id: country_id!, service_provider_id } };
}

export const rentalStatuses = ['active', 'inactive'] as const;
export const rentalStatusSchema = z.enum(rentalStatuses);
export type RentalStatus = z.infer<typeof rentalStatusSchema>;

/** The last SMS of a rental, as the list shows it. */
export const lastMessageSchema = z.object({ body: z.string(), code: z.nullable(z.string()), from: z.string(), received_at: z.string() });

/** POST /user/rentals/{id}/report */
export const reportRequestSchema = z.strictObject({ reason: reportReasonSchema });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const rentalSchema = z.object({
  id: z.string(),
  /** E.164, e.g. +447700900123. */
  number: z.string(),
  country: z.object({ id: intSchema(), name: z.string(), code: z.string() }),
  /** null for Private (all services). */
  service: z.nullable(z.object({ id: intSchema(), name: z.string(), url: z.string() })),
  type: numberTypeSchema,
  status: rentalStatusSchema,
  started_at: z.string(),
  expires_at: z.string(),
  /** What was paid, extensions included. */
  price: dollarsSchema,
  messages_count: intSchema(),
  /** SMS sent from it (Start Chat, Private only). */
  sent_count: intSchema(),
  last_message: z.nullable(lastMessageSchema),
  /** Why it ended: closed by the renter (refunded or not), expired, or completed (Temporary). null while active. */
  ended: z.nullable(z.enum(['closed', 'refunded', 'expired', 'completed'])),
  /**
   * Closing before this time refunds the full price (Shared and Private: 20 minutes after purchase;
   * Temporary: its end); null when closing refunds nothing (used, or ended).
   */
  refundable_until: z.nullable(z.string()),
  /** The earliest close: a Temporary activation cannot be cancelled in its first two minutes. */
  closable_from: z.string(),
  /** Whether closing it now refunds the full price (as of this reply; `refundable_until` says until when). */
  refundable: z.boolean(),
  /** Whether it came with the refund window: false for a Shared or Private number bought while the account's standing was limited. */
  refund_window: z.boolean(),
  /** Whether it can be extended now: an active Shared or Private rental (a Temporary activation cannot). */
  can_extend: z.boolean(),
  /** Whether its number sends SMS (Start Chat): Private numbers do, while the rental is active; Shared and Temporary only receive. */
  sends_sms: z.boolean(),
  /**
   * (This and the Temporary fields below are always sent; optional so replies and fixtures from
   * before them still parse.)
   * SMS shown on its page that are not its code: the sender is not one its service sends from (only
   * the text looked like the service's). Not in `messages_count`; the page lists both.
   */
  other_messages_count: z.optional(intSchema()),
  /** Temporary, active, a code came: the renter may finish it (done with the number; no refund). */
  can_finish: z.optional(z.boolean()),
  /** Temporary, active, a code came: the renter may ask for another code on the same number. */
  can_request_another_code: z.optional(z.boolean()),
  /** Temporary: the renter asked for another code and none newer has come yet (the last one is spent). */
  another_code_requested: z.optional(z.boolean()),
  /** Temporary, active: which reports the renter may make now (empty when none; see `reportReasons`). */
  can_report: z.optional(z.array(reportReasonSchema)),
  /** Why the renter reported it (it ended refunded, and the number is no longer sold for its service); null when not reported. */
  reported: z.optional(z.nullable(reportReasonSchema)),
});
export type Rental = z.infer<typeof rentalSchema>;

export const rentalReplySchema = z.object({ message: z.literal('success'), data: rentalSchema, balance: z.optional(balanceDollarsSchema) });
export type RentalReply = z.infer<typeof rentalReplySchema>;

export const rentalsQuerySchema = z.strictObject({
  type: preprocess(blankIsUndefined, z.optional(z.pipe(z.coerce.number(), numberTypeSchema))),
  service: preprocess(blankIsUndefined, z.optional(idSchema)),
  status: preprocess(blankIsUndefined, z.optional(rentalStatusSchema)),
  page: pageNumberSchema(49),
});
export type RentalsQuery = z.infer<typeof rentalsQuerySchema>;

export const rentalPageSchema = z.object({
  current_page: intSchema(),
  per_page: intSchema(),
  data: z.array(rentalSchema),
  next_page: z.nullable(intSchema()),
});
export const rentalsReplySchema = z.object({ message: z.literal('success'), data: rentalPageSchema });
export type RentalsReply = z.infer<typeof rentalsReplySchema>;

/** POST /user/rentals/{id}/extend */
export const extendRequestSchema = z.strictObject({ rent_time_id: bodyIdSchema });

/** 402 when the balance is short: `shortfall` dollars are missing. */
export const insufficientFundsReplySchema = z.object({ message: z.string(), shortfall: dollarsSchema });

export const messageSchema = z.object({
  id: z.string(),
  rental_id: z.string(),
  box: messageBoxSchema,
  /** The sender (inbox) or our number (sent). */
  from: z.string(),
  to: z.string(),
  /** Plain text, always: render as text, never as HTML. */
  body: z.string(),
  /**
   * Inbox messages whose text was longer than we keep (4,000 characters): its length as received.
   * `body` is then its start, ending in "…"; `code` was looked for in the text as received.
   */
  received_length: z.optional(intSchema().check(z.positive())),
  /** The one-time code found in the body, if any. */
  code: z.nullable(z.string()),
  /**
   * Inbox messages only: false when the sender is not one the rental's service sends from and only
   * the text looked like the service's. Such a message is shown, but is not the rental's code and
   * does not count as a message received (no refund is lost by it).
   */
  verified: z.optional(z.boolean()),
  created_at: z.string(),
  /** Sent messages: what it cost. */
  price: z.nullable(dollarsSchema),
  /** Sent messages only (absent on inbox messages and on replies from before it existed). */
  status: z.optional(messageStatusSchema),
  /** Sent messages only: how many SMS segments it was priced as. */
  segments: z.optional(intSchema().check(z.positive())),
  /** Inbox messages whose owner forwards SMS: each channel's delivery (absent when none was asked for). */
  forwarding: z.optional(z.array(forwardingDeliverySchema)),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesQuerySchema = z.strictObject({
  box: preprocess(blankIsUndefined, z.optional(messageBoxSchema)),
  rental_id: preprocess(blankIsUndefined, z.optional(rentalIdSchema)),
  page: pageNumberSchema(49),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messagePageSchema = z.object({
  current_page: intSchema(),
  per_page: intSchema(),
  data: z.array(messageSchema),
  next_page: z.nullable(intSchema()),
});
export const messagesReplySchema = z.object({ message: z.literal('success'), data: messagePageSchema });
export type MessagesReply = z.infer<typeof messagesReplySchema>;

/** 201 { data: the Sent message, balance }. */
export const sendMessageReplySchema = z.object({ message: z.literal('success'), data: messageSchema, balance: dollarsSchema });
export type SendMessageReply = z.infer<typeof sendMessageReplySchema>;

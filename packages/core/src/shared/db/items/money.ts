/** Money's own items beside the ledger (written only by packages/core/src/money): transfers, account holds, top-ups and disputes, partners' payouts. */
import { paymentProviders, payoutStatuses, topUpStatuses } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** One transfer between two users, in the sender's partition (sort key TRANSFER#<id>, ids sort by time). No TTL, no index. */
export const transferItem = defineItem({
  name: 'transfer',
  owner: 'money',
  key: ({ fromSub, id }: { fromSub: string; id: string }) => ({ pk: userPartition(fromSub), sk: `TRANSFER#${id}` }),
  schema: z.object({
    id: z.string(),
    fromSub: z.string(),
    fromEmail: z.string(),
    toSub: z.string(),
    toEmail: z.string(),
    amountCents: z.int(),
    note: z.optional(z.string()),
    createdAt: z.string(),
  }),
});

/**
 * What a user sent on one UTC day (sort key TRANSFER_DAY#<YYYY-MM-DD>), counted in each transfer's
 * own transaction. Expires three days after (set by each count); no index.
 */
export const transferDayItem = defineItem({
  name: 'transfers of a day',
  owner: 'money',
  key: ({ sub, day }: { sub: string; day: string }) => ({ pk: userPartition(sub), sk: `TRANSFER_DAY#${day}` }),
  schema: z.object({ sentCents: z.int() }),
  // Never put whole: each count sets its TTL (`expiresAt` of the change); this marks it as expiring.
  expiresAt: () => undefined,
});

/** Why an account was put on hold: one card payment taken back. */
const holdEventSchema = z.object({
  kind: z.enum(['chargeback', 'card-refund']),
  /** The provider's id of the dispute, or of the charge refunded. */
  reference: z.string(),
  topUpId: z.string(),
  provider: z.string(),
  amountCents: z.int(),
  at: z.string(),
  /** The dispute's reason as the provider gives it. */
  reason: z.optional(z.string()),
});

/** An operator's decision on a held account. */
export const holdDecisionSchema = z.object({
  /** The operator's e-mail (a name, for decisions made on the command line before the console). */
  operator: z.string(),
  /** The operator's sub (`cli:<name>` on the command line); absent on older decisions. */
  operatorSub: z.optional(z.string()),
  reason: z.string(),
  decision: z.enum(['release', 'keep']),
  at: z.string(),
});

const openHoldSchema = z.object({
  sub: z.string(),
  email: z.string(),
  since: z.string(),
  events: z.array(holdEventSchema),
  /** Decisions to keep the hold (a release deletes the item and keeps the decision on the user). */
  decisions: z.optional(z.array(holdDecisionSchema)),
});

/**
 * An open account hold, in the operators' queue (pk ACCOUNT_HOLD, sort key USER#<sub>): it exists
 * exactly while the profile has `accountHold`. Made by the first card reversal, each later one
 * appended. No TTL, no index.
 */
export const openHoldItem = defineItem({
  name: 'open account hold',
  owner: 'money',
  key: ({ sub }: { sub: string }) => ({ pk: 'ACCOUNT_HOLD', sk: userPartition(sub) }),
  schema: openHoldSchema,
});

/** An operator's decision on a hold, kept on the user (sort key HOLD_DECISION#<id>, ids sort by time) with the hold it was about. No TTL, no index. */
export const holdDecisionItem = defineItem({
  name: 'account hold decision',
  owner: 'money',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `HOLD_DECISION#${id}` }),
  schema: z.object({ ...holdDecisionSchema.shape, id: z.string(), sub: z.string(), hold: openHoldSchema }),
});

export const topUpSchema = z.object({
  id: z.string(),
  sub: z.string(),
  email: z.string(),
  provider: z.enum(paymentProviders),
  amountCents: z.int(),
  /** What the notification must say, fixed at creation (the adapter's `expected()`). */
  currency: z.string(),
  merchant: z.string(),
  status: z.enum(topUpStatuses),
  createdAt: z.string(),
  paidAt: z.optional(z.string()),
  /** The provider's id of the checkout (session, order, invoice). */
  checkoutRef: z.optional(z.string()),
  /** The provider's id of the payment that settled it. */
  providerRef: z.optional(z.string()),
  /** The id a later dispute or refund names the payment by (Stripe: the payment intent); set when paid. */
  paymentRef: z.optional(z.string()),
  /** Money taken back from the balance for this top-up so far (disputes and refunds, less disputes won): never more than `amountCents`. */
  reversedCents: z.optional(z.int()),
  /** The provider's running total refunded to the card, as last seen (each refund debits only what it adds). */
  refundedCents: z.optional(z.int()),
  /** Why it waits for an operator (status review). */
  reviewReason: z.optional(z.string()),
  /** When it was set aside for review, and what that notification said (kept for the operator who decides). */
  reviewedAt: z.optional(z.string()),
  paidCents: z.optional(z.int()),
  paidCurrency: z.optional(z.string()),
  paidMerchant: z.optional(z.string()),
  /** The notification's body as it came (its query when it had no body), at most 16 KB. */
  notification: z.optional(z.string()),
  /** What was asked, when an operator's approval credited a different amount (`amountCents` is then what was credited). */
  requestedCents: z.optional(z.int()),
  /** An operator's approval or rejection of a top-up in review. */
  decision: z.optional(
    z.object({
      outcome: z.enum(['approved', 'rejected']),
      operator: z.object({ sub: z.string(), email: z.string() }),
      reason: z.optional(z.string()),
      at: z.string(),
    }),
  ),
  /** While pending: the expiry job finds it through the `dueByTime` index. */
  dueQueue: z.optional(z.string()),
  dueAt: z.optional(z.string()),
});

/**
 * A top-up, keyed by its id alone (`TOPUP#<id>` / `TOPUP`): a provider's notification names only
 * the top-up, not its owner. Pending from the browser's checkout until the provider's
 * notification; in index dueByTime (queue TOPUP_EXPIRY) while pending. No TTL (kept).
 */
export const topUpItem = defineItem({
  name: 'top-up',
  owner: 'money',
  key: ({ id }: { id: string }) => ({ pk: `TOPUP#${id}`, sk: 'TOPUP' }),
  schema: topUpSchema,
  indexes: {
    dueByTime: ({ dueQueue, dueAt }) => (dueQueue && dueAt ? { dueQueue, dueAt } : undefined),
  },
});

/** A top-up in its owner's partition (sort key TOPUP#<id>), written with it: operators list a customer's top-ups, whatever their status. */
export const topUpOfUserItem = defineItem({
  name: 'top-up of a user',
  owner: 'money',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `TOPUP#${id}` }),
  schema: z.object({ id: z.string(), createdAt: z.string() }),
  schemaAttributesOnly: true,
});

/** The top-up a card payment credited (`TOPUP_PAYMENT#<provider>#<payment id>`): a later dispute or refund names only the payment. */
export const topUpOfPaymentItem = defineItem({
  name: 'top-up of a payment',
  owner: 'money',
  key: ({ provider, paymentRef }: { provider: string; paymentRef: string }) => ({ pk: `TOPUP_PAYMENT#${provider}#${paymentRef}`, sk: 'TOPUP' }),
  schema: z.object({ topUpId: z.string() }),
  schemaAttributesOnly: true,
});

/** The operators' queue (pk TOPUP_REVIEW, sort key TOPUP#<id>): one item per top-up in review, put and deleted with the status change. */
export const topUpInReviewItem = defineItem({
  name: 'top-up in review',
  owner: 'money',
  key: ({ topUpId }: { topUpId: string }) => ({ pk: 'TOPUP_REVIEW', sk: `TOPUP#${topUpId}` }),
  schema: z.object({ topUpId: z.string() }),
});

/** A dispute of a top-up's payment, in the top-up's partition (sort key DISPUTE#<dispute id>). No TTL, no index. */
export const disputeItem = defineItem({
  name: 'dispute',
  owner: 'money',
  key: ({ topUpId, disputeId }: { topUpId: string; disputeId: string }) => ({ pk: `TOPUP#${topUpId}`, sk: `DISPUTE#${disputeId}` }),
  schema: z.object({
    disputeId: z.string(),
    topUpId: z.string(),
    sub: z.string(),
    provider: z.enum(paymentProviders),
    /** What the dispute took from the balance when it opened. */
    debitedCents: z.int(),
    reason: z.string(),
    status: z.enum(['open', 'closed']),
    /** The provider's closing status (`won`, `lost`, `warning_closed`). */
    outcome: z.optional(z.string()),
    openedAt: z.string(),
    closedAt: z.optional(z.string()),
  }),
});

/** A partner's payout as each of its copies holds it: requested (the amount debited), then paid or refused by an operator. */
export const payoutSchema = z.object({
  id: z.string(),
  sub: z.string(),
  /** The partner's e-mail when they asked (for the operators' list). */
  email: z.string(),
  amountCents: z.int(),
  /** Where the partner asked the money to go, as they wrote it (one line). */
  destination: z.string(),
  status: z.enum(payoutStatuses),
  requestedAt: z.string(),
  decidedAt: z.optional(z.string()),
  decidedBy: z.optional(z.object({ sub: z.string(), email: z.string() })),
  /** The operator's reference of the transfer made (paid). */
  reference: z.optional(z.string()),
  /** Why it was refused. */
  reason: z.optional(z.string()),
});

/**
 * Every payout, in one partition (pk PAYOUTS, sort key PAYOUT#<id>, ids sort by time): operators
 * find one by id and list the decided ones newest first. Payouts are few (an operator pays each by
 * hand), so one partition holds them. No TTL, no index.
 */
export const payoutItem = defineItem({
  name: 'payout',
  owner: 'money',
  key: ({ id }: { id: string }) => ({ pk: 'PAYOUTS', sk: `PAYOUT#${id}` }),
  schema: payoutSchema,
});

/** The same payout in its partner's partition (sort key PAYOUT#<id>), written and changed in the same transactions: the partner's list. */
export const payoutOfPartnerItem = defineItem({
  name: 'payout of a partner',
  owner: 'money',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `PAYOUT#${id}` }),
  schema: payoutSchema,
});

/**
 * The operators' queue of payouts to decide (pk PAYOUT_REQUESTED, sort key USER#<sub>): a copy of
 * the requested payout, put with the request and deleted with the decision. Keyed by the partner, so
 * a partner has at most one open request (the put of a second one fails). No TTL, no index.
 */
export const openPayoutItem = defineItem({
  name: 'open payout',
  owner: 'money',
  key: ({ sub }: { sub: string }) => ({ pk: 'PAYOUT_REQUESTED', sk: userPartition(sub) }),
  schema: payoutSchema,
});

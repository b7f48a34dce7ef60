import * as z from 'zod/mini';

/**
 * Money: what top-ups (top-ups.ts), transfers (transfers.ts) and the ledger's history
 * (transactions.ts) share. Amounts are dollars with at most 2 decimals at the edge; the server keeps
 * integer cents. Each of those is a module of its own: a zod schema is built when its module loads,
 * so a Lambda carries every schema of each module it imports from.
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

/** Sent as the `Idempotency-Key` header on money-moving POSTs: the same key twice moves money once. */
export const idempotencyKeySchema = z.string().check(z.trim(), z.minLength(8), z.maxLength(128), z.regex(/^[\x21-\x7e]+$/, 'Invalid format.'));
export const idempotencyHeader = 'idempotency-key';

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
  // A partner's share of an activation its agent served and the customer got a code from.
  'partner-earning',
  // Money a partner asked to be paid out: debited on the request; a refused request is credited back once.
  'payout',
  'payout-refund',
  // An upstream provider's ledger account: what we deposited there, what its activations cost, what it refunded.
  'upstream-deposit',
  'upstream-spend',
  'upstream-refund',
] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

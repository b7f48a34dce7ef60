import type { PaymentProvider, TopUpStatus } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import type { Cents } from '../../shared/pricing';

/** A top-up: pending from the moment the browser is sent to checkout until the provider's notification. */
export interface TopUpItem {
  id: string;
  sub: string;
  email: string;
  provider: PaymentProvider;
  amountCents: Cents;
  /** What the notification must say, fixed at creation (the adapter's `expected()`). */
  currency: string;
  merchant: string;
  status: TopUpStatus;
  createdAt: string;
  paidAt?: string;
  /** The provider's id of the checkout (session, order, invoice). */
  checkoutRef?: string;
  /** The provider's id of the payment that settled it. */
  providerRef?: string;
  /** The id a later dispute or refund names the payment by (Stripe: the payment intent); set when paid. */
  paymentRef?: string;
  /** Money taken back from the balance for this top-up so far (disputes and refunds, less disputes won): never more than `amountCents`. */
  reversedCents?: Cents;
  /** The provider's running total refunded to the card, as last seen (each refund debits only what it adds). */
  refundedCents?: Cents;
  /** Why it waits for an operator (status review). */
  reviewReason?: string;
  /** When it was set aside for review, and what that notification said (kept for the operator who decides). */
  reviewedAt?: string;
  paidCents?: Cents;
  paidCurrency?: string;
  paidMerchant?: string;
  /** The notification's body as it came (its query when it had no body), at most 16 KB. */
  notification?: string;
  /** What was asked, when an operator's approval credited a different amount (`amountCents` is then what was credited). */
  requestedCents?: Cents;
  /** An operator's approval or rejection of a top-up in review. */
  decision?: { outcome: 'approved' | 'rejected'; operator: OperatorRef; reason?: string; at: string };
  /** While pending: the expiry job finds it through the `dueByTime` index. */
  dueQueue?: string;
  dueAt?: string;
}

/** A dispute of a top-up's payment: pk TOPUP#<top-up id>, sk DISPUTE#<dispute id>. */
export interface DisputeItem {
  disputeId: string;
  topUpId: string;
  sub: string;
  provider: PaymentProvider;
  /** What the dispute took from the balance when it opened. */
  debitedCents: Cents;
  reason: string;
  status: 'open' | 'closed';
  /** The provider's closing status (`won`, `lost`, `warning_closed`). */
  outcome?: string;
  openedAt: string;
  closedAt?: string;
}

import type { PaymentProvider, TopUpStatus } from '@numbernest/contracts';
import type { Cents } from '../pricing';

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
  /** Why it waits for an operator (status review). */
  reviewReason?: string;
  /** While pending: the expiry job finds it through the `dueByTime` index. */
  dueQueue?: string;
  dueAt?: string;
}

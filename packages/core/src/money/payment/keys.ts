import { userPartition } from '../../accounts';

/**
 * Keys: docs/access-patterns.md. Keyed by id alone: a provider's notification names only the
 * top-up, not its owner.
 */
export const topUpKeys = {
  item: (id: string) => ({ pk: `TOPUP#${id}`, sk: 'TOPUP' }),
  dispute: (topUpId: string, disputeId: string) => ({ pk: `TOPUP#${topUpId}`, sk: `DISPUTE#${disputeId}` }),
  byPayment: (provider: string, paymentRef: string) => ({ pk: `TOPUP_PAYMENT#${provider}#${paymentRef}`, sk: 'TOPUP' }),
  /** A pointer in the owner's partition (operators list a customer's top-ups, whatever their status). */
  ofUser: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `TOPUP#${id}` }),
  userPrefix: 'TOPUP#',
  /** The operators' queue: one item per top-up in review, put and deleted with the status change. */
  reviewQueue: 'TOPUP_REVIEW',
  inReview: (id: string) => ({ pk: 'TOPUP_REVIEW', sk: `TOPUP#${id}` }),
};

export const topUpExpiryQueue = 'TOPUP_EXPIRY';
/** Pending top-ups expire after a day (providers' own checkouts live at most that long). */
export const topUpLifetimeMs = 24 * 60 * 60 * 1000;

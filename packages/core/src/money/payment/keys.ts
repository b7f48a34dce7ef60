import { topUpInReviewItem, topUpItem, topUpOfPaymentItem, topUpOfUserItem } from '../../shared/db/items/money';

/** For readers in other contexts (operators' customer view, the reconciliation) and tests; the keys are the item types'. */
export const topUpKeys = {
  item: (id: string) => topUpItem.key({ id }),
  byPayment: (provider: string, paymentRef: string) => topUpOfPaymentItem.key({ provider, paymentRef }),
  userPrefix: topUpOfUserItem.key({ sub: '', id: '' }).sk,
  reviewQueue: topUpInReviewItem.key({ topUpId: '' }).pk,
};

export const topUpExpiryQueue = 'TOPUP_EXPIRY';
/** Pending top-ups expire after a day (providers' own checkouts live at most that long). */
export const topUpLifetimeMs = 24 * 60 * 60 * 1000;

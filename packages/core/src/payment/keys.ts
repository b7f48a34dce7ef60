/**
 * | item                 | pk                                   | sk                 | index                                          |
 * |----------------------|--------------------------------------|--------------------|------------------------------------------------|
 * | top-up               | TOPUP#<id>                           | TOPUP              | dueByTime (`TOPUP_EXPIRY`, expiry time) while pending |
 * | its dispute          | TOPUP#<id>                           | DISPUTE#<dispute>  |                                                |
 * | top-up by payment    | TOPUP_PAYMENT#<provider>#<payment>   | TOPUP              |  (`topUpId`; a dispute or refund names only the payment) |
 *
 * Keyed by id alone: a provider's notification names only the top-up, not its owner.
 */
export const topUpKeys = {
  item: (id: string) => ({ pk: `TOPUP#${id}`, sk: 'TOPUP' }),
  dispute: (topUpId: string, disputeId: string) => ({ pk: `TOPUP#${topUpId}`, sk: `DISPUTE#${disputeId}` }),
  byPayment: (provider: string, paymentRef: string) => ({ pk: `TOPUP_PAYMENT#${provider}#${paymentRef}`, sk: 'TOPUP' }),
};

export const topUpExpiryQueue = 'TOPUP_EXPIRY';
/** Pending top-ups expire after a day (providers' own checkouts live at most that long). */
export const topUpLifetimeMs = 24 * 60 * 60 * 1000;

export type { TopUpItem } from './items';
export type { PaymentAdapter, PaymentEvent, NotificationRequest, ProviderReply, CheckoutInput, ProviderCheckout } from './provider';
export { topUpKeys, topUpExpiryQueue, topUpLifetimeMs } from './keys';
export { createTopUp, findTopUp, getTopUpOf, toTopUp, expireDueTopUps } from './topups';
export { settleNotification, type SettleOutcome } from './settle';
export { adapters } from './adapters';
export { setAsideForReview, listTopUpsInReview, countTopUpsInReview, approveTopUp, rejectTopUp, toOpsTopUp } from './review';

export { pushSecretNames, type PushSecretName } from '../../shared/settings/push-names';
export { maxPushSubscriptions, pushTtlSeconds } from './keys';
export type { PushSubscriptionItem } from './items';
export { vapidPublicKey, vapidKeys, type VapidKeys } from './vapid';
export { checkPushEndpoint, listPushSubscriptions, countPushSubscriptions, savePushSubscription, removePushSubscription, localPushPath } from './subscriptions';
export { sendPush, sendPushTo, smsPushNotification, type PushResult, type PushOutcome, type SendPushOptions } from './send';

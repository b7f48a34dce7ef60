/**
 * The SMS upstreams' signing, pure (no DynamoDB, no SST): the local SMS sandbox, the CLI and the
 * tests sign with the very same code the webhooks verify with. `@numbernest/core/message/upstream`.
 */
export { smsSecretNames, smsSettingDefaults, type SmsSecretName, type SmsSettingName } from '../setting-names';
export { signTwilioRequest, verifyTwilioSignature, parseTwilioForm, emptyTwiml } from '../twilio';
export { gatewayDeviceKey, signGatewayBody, verifyGatewaySignature, gatewayToleranceSeconds } from '../gateway';
export type { InboundRecord, InboundSms, SmsProvider, OrphanReason } from '../items';

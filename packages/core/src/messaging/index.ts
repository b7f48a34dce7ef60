export type { InboundSms, MessageItem, OrphanSmsItem, OrphanReason, OrphanResolution, InboundRecord, SmsProvider } from './items';
export { messageKeys } from './keys';
export { extractCode } from './otp';
export { keptSms, maxSmsTextLength, codeSearchLength } from './inbound-text';
export { chooseRenter, serviceMatch, normaliseE164, hostsNumber, type ActiveLock, type Routing, type PatternsOf } from './routing';
export { deliverInbound, findInboundRecord, type DeliveryResult } from './deliver';
export { listMessages, messagesPerPage, rentalSms, type MessagePage } from './list';
export { toMessage } from './message-view';
export { receiveTwilio, receiveGateway, type SmsWebhookReply, type ReceiveOutcome } from './receive';
export { receiveAgentSms, type AgentSmsReply } from './agent';
export { twilioInbound, signTwilioRequest, verifyTwilioSignature, parseTwilioForm, emptyTwiml } from './twilio';
export { gatewayInbound, gatewayDeviceKey, signGatewayBody, verifyGatewaySignature, gatewayToleranceSeconds } from './gateway';
export { isLocalStage, smsWebhookBaseUrl } from '../shared/settings';
export { smsSecretNames, type SmsSecretName } from '../shared/settings/sms-names';
export { rentedNumbers, type RentedNumber } from './rented-numbers';
export {
  sendFromRental,
  payForMessage,
  refundUnsentMessages,
  unsentQueue,
  unsentRefundAfterMs,
  unsentGiveUpAfterMs,
  type SendFromRentalInput,
  type SendFromRentalResult,
  type UnsentReport,
} from './send';
export { sendTwilioSms, findTwilioMessages, twilioMessagesUrl, type TwilioAccount, type TwilioSendResult, type TwilioMessage } from './twilio-send';
export { countSegments, smsEncoding, smsLimits, type SmsSegments, type SmsEncoding } from '../shared/sms-segments';
export { quoteSms, quoteProblems, smsDestination, segmentPriceCents, smsCountries, smsTariff, type SmsQuote, type SmsDestination } from '../shared/sms-tariff';
export { smsSettingDefaults, type SmsSettingName } from '../shared/settings/sms-names';
export { numberSourceOf } from './phone';
export { listOrphans, countOrphanMessages, findOrphan, orphanCandidates, assignOrphan, dismissOrphan, toOrphanMessage, type OrphanWithStatus } from './orphans';
export { twilioLookupTimeoutMs, twilioTimeoutMs } from './time-limits';
export * from './forwarding';
export { enqueueForwards, forwardingPlan } from './forwarding/enqueue';
export type { MessageForwardState } from './forwarding/items';
export { pollUpstreamCodesOnce, runUpstreamRounds, stopUpstreamRounds, codeRounds, codeEveryMs, type CodePollOutcome } from './upstream-codes';

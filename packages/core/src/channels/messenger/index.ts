export { messengerSecretNames, messengerSettingDefaults, type MessengerSecretName, type MessengerSettingName } from '../../shared/settings/messenger-names';
export { sendMessengerText, messengerSetting, MessengerRecipientGoneError, maxMessengerTextLength, type MessengerDelivery } from './graph';
export { sendMessengerSms, deliveryFor, messengerWindowMs } from './send';
export {
  createMessengerLink,
  redeemMessengerRef,
  messengerLinkOf,
  messengerLinkOfPerson,
  touchMessengerWindow,
  unlinkMessengerAccount,
  unlinkMessengerPerson,
  linkRefMinutes,
  type MessengerLink,
  type MessengerLinkOutcome,
} from './link';
export { messengerHandshake, receiveMessenger, signMessengerBody, verifyMessengerSignature } from './inbound';
export { parseMessengerCommand, messengerReplies, messengerSmsText, type MessengerLanguage, type MessengerSms } from './bot';

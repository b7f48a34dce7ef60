export { whatsappSecretNames, whatsappSettingDefaults, type WhatsAppSecretName, type WhatsAppSettingName } from '../../shared/settings/whatsapp-names';
export { sendWhatsAppMessage, type OutgoingMessage, type TemplateMessage } from './graph';
export { sendWhatsAppSms, sendWhatsAppText, templateText, type WhatsAppSms } from './send';
export {
  whatsappNumberOf,
  accountOfWhatsApp,
  whatsappState,
  startWhatsAppVerification,
  confirmWhatsAppVerification,
  removeWhatsAppNumber,
  normaliseWhatsAppNumber,
  codeLifetimeMs,
  maxCodeAttempts,
} from './link';
export { whatsappHandshake, receiveWhatsApp, signWhatsAppBody, verifyWhatsAppSignature } from './inbound';
export { parseCommand, replies } from './bot';
export { whatsappKeys, digitsOf } from './keys';

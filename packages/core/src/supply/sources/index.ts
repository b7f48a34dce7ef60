export { listDevices, registerDevice, unregisterDevice, deviceWebhookUrl, type DeviceItem } from './devices';
export { touchDevice } from './device-seen';
export { listTwilioAccountNumbers, importTwilioNumbers, twilioWebhookUrl, type TwilioAccountNumberView, type TwilioImportResult } from './twilio-import';
export { listTwilioIncomingNumbers, setTwilioSmsWebhook, type TwilioIncomingNumber } from './twilio-account';
export { gatewayDeviceKey, gatewayToleranceSeconds, signGatewayBody, verifyGatewaySignature } from './device-signing';

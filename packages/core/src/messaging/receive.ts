import { SignatureError, ValidationError } from '../shared/errors';
import { log } from '../shared/log';
import { deliverInbound, type DeliveryResult } from './deliver';
import { gatewayInbound } from './gateway';
import { secret } from '../shared/settings';
import { touchDevice } from '../supply';
import { emptyTwiml, twilioInbound } from './twilio';

/** What a webhook answers its upstream, in the upstream's own format. */
export interface SmsWebhookReply {
  statusCode: number;
  contentType: string;
  body: string;
}

export type ReceiveOutcome = DeliveryResult['outcome'] | 'refused' | 'invalid' | 'ignored';

/**
 * An upstream reporting an SMS for a number it does not host: refused visibly (the upstream logs
 * the 403; the android-sms-gateway app retries for two days, so a number whose source was
 * recorded wrong gets its SMS once that is fixed). deliverInbound logged it and stored nothing.
 */
const notHosted: SmsWebhookReply = {
  statusCode: 403,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ message: 'This number is not hosted by this upstream' }),
};

const jsonReply = (statusCode: number, body: unknown): SmsWebhookReply => ({
  statusCode,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});
const twiml = (statusCode: number): SmsWebhookReply => ({ statusCode, contentType: 'text/xml', body: emptyTwiml });

function refusal(provider: string, error: unknown): { reply: SmsWebhookReply; outcome: ReceiveOutcome } | undefined {
  if (error instanceof SignatureError) {
    log.warn('inbound sms', { provider, outcome: 'refused', reason: error.message });
    return { reply: jsonReply(403, { message: 'Invalid signature' }), outcome: 'refused' };
  }
  if (error instanceof ValidationError) {
    log.warn('inbound sms', { provider, outcome: 'invalid', reason: error.message });
    return { reply: jsonReply(400, { message: error.message }), outcome: 'invalid' };
  }
  return undefined;
}

/**
 * Twilio's inbound message. `url` is the URL Twilio was configured with (the signature is over
 * it). A forgery, or a number Twilio does not host, is 403 and nothing is stored; anything else
 * (delivered, orphan or a replay) is answered with the empty TwiML, so Twilio neither retries nor
 * replies to the sender.
 */
export async function receiveTwilio(request: {
  body: string;
  headers: Record<string, string>;
  url: string;
}): Promise<{ reply: SmsWebhookReply; outcome: ReceiveOutcome }> {
  let sms;
  try {
    sms = twilioInbound(secret('TwilioAuthToken'), { body: request.body, signature: request.headers['x-twilio-signature'], url: request.url });
  } catch (error) {
    const refused = refusal('twilio', error);
    if (refused) return refused;
    throw error;
  }
  const { outcome } = await deliverInbound(sms);
  return { reply: outcome === 'refused' ? notHosted : twiml(200), outcome };
}

/** The android-sms-gateway's webhook: 403 for a bad signature, a stale timestamp or another phone's number, else 200 `{ message }`. */
export async function receiveGateway(request: {
  body: string;
  headers: Record<string, string>;
  query: Record<string, string>;
}): Promise<{ reply: SmsWebhookReply; outcome: ReceiveOutcome }> {
  let notification;
  try {
    notification = gatewayInbound(secret('SmsGatewaySigningKey'), request);
  } catch (error) {
    const refused = refusal('gateway', error);
    if (refused) return refused;
    throw error;
  }
  // A phone an operator unregistered is refused; a registered one is seen now (both kinds of event).
  const deviceId = notification.kind === 'sms' ? notification.sms.deviceId! : notification.deviceId;
  if ((await touchDevice(deviceId)) === 'unregistered') {
    log.warn('inbound sms', { provider: 'gateway', outcome: 'refused', reason: 'device-unregistered', deviceId });
    return { reply: jsonReply(403, { message: 'This device is unregistered' }), outcome: 'refused' };
  }
  if (notification.kind === 'ignored') return { reply: jsonReply(200, { message: 'ignored' }), outcome: 'ignored' };
  const { outcome } = await deliverInbound(notification.sms);
  return { reply: outcome === 'refused' ? notHosted : jsonReply(200, { message: 'received' }), outcome };
}

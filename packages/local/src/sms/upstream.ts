import { randomBytes } from 'node:crypto';
import { gatewayDeviceKey, signGatewayBody, signTwilioRequest } from '@numbernest/core/messaging';
import { localSmsValue, localTwilioAccountSid } from './settings';

/**
 * The SMS upstreams' requests, exactly as they send them, for the local sandbox, the CLI and the
 * tests: Twilio's form-encoded inbound message signed for the exact URL it is posted to, and the
 * android-sms-gateway's `sms:received` JSON from one phone, signed with that phone's own key.
 */

export const twilioWebhookPath = '/api/webhooks/sms/twilio';
export const gatewayWebhookPath = '/api/webhooks/sms/gateway';

/** The local Twilio account (any AC + 32 hex; the signature, not this, is what is checked; Start Chat sends as it). */
export { localTwilioAccountSid };

export interface UpstreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface TwilioInboundInput {
  /** The local cloud's origin, e.g. http://localhost:3000. */
  appUrl: string;
  to: string;
  from: string;
  body: string;
  /** The same sid again is a replay. Default a new one. */
  messageSid?: string;
  /** Sign with this token instead of the configured one: a forgery. */
  authToken?: string;
  /** Post to (and sign for) this URL instead of the app's webhook: the SmsUrl the number is configured with. */
  url?: string;
}

/** A new Twilio message sid (SM + 32 hex). */
export const newMessageSid = () => `SM${randomBytes(16).toString('hex')}`;

/** Twilio's inbound-message webhook for one SMS, signed for the URL it goes to. */
export function twilioInboundRequest(input: TwilioInboundInput): UpstreamRequest & { messageSid: string } {
  const messageSid = input.messageSid ?? newMessageSid();
  const url = input.url ?? `${input.appUrl.replace(/\/$/, '')}${twilioWebhookPath}`;
  // The fields Twilio posts for an inbound SMS (geographic ones left empty, as for many numbers).
  const params: Record<string, string> = {
    ToCountry: '',
    ToState: '',
    SmsMessageSid: messageSid,
    NumMedia: '0',
    ToCity: '',
    FromZip: '',
    SmsSid: messageSid,
    FromState: '',
    SmsStatus: 'received',
    FromCity: '',
    Body: input.body,
    FromCountry: '',
    To: input.to,
    ToZip: '',
    NumSegments: String(Math.max(1, Math.ceil(input.body.length / 160))),
    MessageSid: messageSid,
    AccountSid: localTwilioAccountSid,
    From: input.from,
    ApiVersion: '2010-04-01',
  };
  return {
    url,
    messageSid,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TwilioProxy/1.1',
      'x-twilio-signature': signTwilioRequest(input.authToken ?? localSmsValue('TwilioAuthToken'), url, params),
    },
    body: new URLSearchParams(params).toString(),
  };
}

export interface GatewayInboundInput {
  appUrl: string;
  /** Our number that received it. */
  to: string;
  from: string;
  body: string;
  /** The phone that reports it (signs with its own key) and the SIM slot (null: the app does not know it). */
  deviceId: string;
  simNumber: number | null;
  /**
   * Where `to` goes: the payload's signed `recipient` (today's app, default), or only the URL
   * registered on the phone: `?to=` (`url-to`) or `?sim<slot>=` (`url-sim`), as for an app that
   * does not know its own number.
   */
  numberIn?: 'recipient' | 'url-to' | 'url-sim';
  /** The event id (the same id again is a retry of the same event). Default a new one. */
  eventId?: string;
  /** Sign with this key instead of the phone's own: a forgery, or another phone's key. */
  key?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
}

/** The local key of a phone: derived from the local gateway secret as on a stage. */
export const localDeviceKey = (deviceId: string) => gatewayDeviceKey(localSmsValue('SmsGatewaySigningKey'), deviceId);

/** The android-sms-gateway's `sms:received` webhook for one SMS, from one phone. */
export function gatewayInboundRequest(input: GatewayInboundInput): UpstreamRequest & { eventId: string; providerMessageId: string } {
  const eventId = input.eventId ?? randomBytes(10).toString('base64url');
  const numberIn = input.numberIn ?? 'recipient';
  const body = JSON.stringify({
    deviceId: input.deviceId,
    event: 'sms:received',
    id: eventId,
    payload: {
      messageId: randomBytes(6).toString('hex'),
      message: input.body,
      sender: input.from,
      recipient: numberIn === 'recipient' ? input.to : null,
      simNumber: input.simNumber,
      receivedAt: new Date().toISOString(),
    },
    webhookId: 'local-sms-gateway',
  });
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const query =
    numberIn === 'url-to' ? `?to=${encodeURIComponent(input.to)}` : numberIn === 'url-sim' ? `?sim${input.simNumber ?? 1}=${encodeURIComponent(input.to)}` : '';
  return {
    url: `${input.appUrl.replace(/\/$/, '')}${gatewayWebhookPath}${query}`,
    eventId,
    providerMessageId: `${input.deviceId}:${eventId}`,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signGatewayBody(input.key ?? localDeviceKey(input.deviceId), body, timestamp),
    },
    body,
  };
}

/** POSTs a request as the upstream would and answers the app's reply. */
export async function post(request: UpstreamRequest): Promise<{ status: number; contentType: string; body: string }> {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

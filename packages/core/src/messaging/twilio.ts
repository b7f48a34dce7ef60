import { fieldProblem } from '@numbernest/contracts';
import { getExpectedTwilioSignature, validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { SignatureError, ValidationError } from '../shared/errors';
import type { InboundSms } from './items';

/**
 * Twilio's inbound-message webhook: an `application/x-www-form-urlencoded` POST (MessageSid,
 * AccountSid, From, To, Body, NumMedia…) signed in `X-Twilio-Signature`: base64 HMAC-SHA1, with
 * the auth token, over the full URL Twilio was configured with followed by every POST parameter
 * name and value, sorted by name. Checked with the `twilio` package's own `validateRequest`.
 */

/** The form's fields (Twilio sends each once). */
export const parseTwilioForm = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

/** True when the signature is Twilio's for this URL and these fields. */
export function verifyTwilioSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  if (!signature) return false;
  return validateRequest(authToken, signature, url, params);
}

/** The signature Twilio would send (the local SMS sandbox and tests sign with it). */
export function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  return getExpectedTwilioSignature(authToken, url, params);
}

/**
 * A verified Twilio request to the normalised event. A form without MessageSid, From or To is
 * not an inbound message (ValidationError); a missing Body is an empty text (a picture-only MMS).
 */
export function twilioInbound(authToken: string, request: { body: string; signature: string | undefined; url: string }, now = new Date()): InboundSms {
  const params = parseTwilioForm(request.body);
  if (!verifyTwilioSignature(authToken, request.signature, request.url, params)) throw new SignatureError('X-Twilio-Signature does not match');
  const missing = ['MessageSid', 'From', 'To'].filter((name) => !params[name]);
  if (missing.length)
    throw new ValidationError(`Inbound message lacks ${missing.join(', ')}`, Object.fromEntries(missing.map((name) => [name, [fieldProblem('REQUIRED')]])));
  return {
    provider: 'twilio',
    providerMessageId: params.MessageSid!,
    from: params.From!,
    to: params.To!,
    body: params.Body ?? '',
    receivedAt: now.toISOString(),
  };
}

/** The empty TwiML answer: received, nothing to send back. */
export const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

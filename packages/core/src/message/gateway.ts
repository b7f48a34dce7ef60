import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { SignatureError, ValidationError } from '../errors';
import type { InboundSms } from './items';

/**
 * SMS Gateway for Android (android-sms-gateway) webhooks: a JSON POST
 * `{ event: 'sms:received', id, deviceId, webhookId, payload: { messageId, message, phoneNumber, simNumber, receivedAt } }`
 * with `X-Timestamp` (Unix seconds) and `X-Signature` = hex HMAC-SHA256(signing key, raw body + X-Timestamp).
 * A timestamp more than 5 minutes off is refused (a replay).
 *
 * The receiving number: the payload names only the sender and the SIM slot, so our number comes
 * from the webhook URL registered on the phone: `?to=+447700900123` (one SIM), or `?sim1=+44…&sim2=+44…`
 * (dual SIM, picked by `simNumber`). A `payload.recipient` (a forwarder that adds it) wins, being
 * signed. Without any, the SMS is kept as an orphan for operators (`no-receiving-number`).
 */

export const gatewayToleranceSeconds = 300;

/** Hex HMAC-SHA256 over the raw body followed by the timestamp (how the app signs). */
export const signGatewayBody = (key: string, rawBody: string, timestamp: string): string =>
  createHmac('sha256', key).update(rawBody + timestamp, 'utf8').digest('hex');

/** True when the signature is right and the timestamp within 5 minutes of now. */
export function verifyGatewaySignature(key: string, rawBody: string, timestamp: string | undefined, signature: string | undefined, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > gatewayToleranceSeconds) return false;
  const expected = Buffer.from(signGatewayBody(key, rawBody, timestamp), 'utf8');
  const received = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const envelopeSchema = z.object({
  event: z.string(),
  id: z.optional(z.string().check(z.minLength(1))),
  deviceId: z.optional(z.string().check(z.minLength(1))),
  webhookId: z.optional(z.string()),
  payload: z.unknown(),
});

const receivedSchema = z.object({
  messageId: z.optional(z.string().check(z.minLength(1))),
  message: z.string(),
  phoneNumber: z.string().check(z.minLength(1)),
  simNumber: z.optional(z.nullable(z.number().check(z.int()))),
  receivedAt: z.optional(z.string()),
  recipient: z.optional(z.string().check(z.minLength(1))),
});

export type GatewayNotification = { kind: 'sms'; sms: InboundSms } | { kind: 'ignored'; event: string };

/**
 * A gateway webhook to the normalised event: the signature first (SignatureError, nothing read
 * before it), then the JSON (ValidationError). Events other than `sms:received` are acknowledged
 * and ignored (`system:ping`, delivery reports).
 */
export function gatewayInbound(
  key: string,
  request: { body: string; headers: Record<string, string>; query: Record<string, string> },
  now = Date.now(),
): GatewayNotification {
  if (!verifyGatewaySignature(key, request.body, request.headers['x-timestamp'], request.headers['x-signature'], now)) {
    throw new SignatureError('X-Signature does not match, or X-Timestamp is not within 5 minutes');
  }
  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    throw new ValidationError('The body is not JSON');
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new ValidationError('Not a webhook event');
  if (envelope.data.event !== 'sms:received') return { kind: 'ignored', event: envelope.data.event };
  const payload = receivedSchema.safeParse(envelope.data.payload);
  if (!payload.success) throw new ValidationError('Not an sms:received payload');
  const { messageId, message, phoneNumber, simNumber, receivedAt, recipient } = payload.data;
  // The event id is the same on every retry of one event; messageId is derived from the text (not unique).
  const eventId = envelope.data.id ?? messageId;
  if (!eventId) throw new ValidationError('The event has no id');
  const received = receivedAt ? Date.parse(receivedAt) : Number.NaN;
  return {
    kind: 'sms',
    sms: {
      provider: 'gateway',
      providerMessageId: `${envelope.data.deviceId ?? 'device'}:${eventId}`,
      from: phoneNumber,
      to: recipient ?? (simNumber ? request.query[`sim${simNumber}`] : undefined) ?? request.query.to ?? '',
      body: message,
      receivedAt: new Date(Number.isNaN(received) ? now : received).toISOString(),
    },
  };
}

import * as z from 'zod/mini';
import { SignatureError, ValidationError } from '../shared/errors';
import { gatewayDeviceKey, verifyGatewaySignature } from '../supply';
import type { InboundSms } from './items';

/**
 * SMS Gateway for Android (android-sms-gateway) webhooks: a JSON POST
 * `{ event: 'sms:received', id, deviceId, webhookId, payload: { messageId, message, sender, recipient, simNumber, receivedAt } }`
 * (older apps name the sender `phoneNumber` and send no `recipient`) with `X-Timestamp` (Unix
 * seconds) and `X-Signature` = hex HMAC-SHA256(signing key, raw body + X-Timestamp). A timestamp
 * more than 5 minutes off is refused (a replay).
 *
 * Each phone signs with its own key (the app's Settings → Webhooks → Signing Key), derived from
 * the stage's one secret and the phone's id: `gatewayDeviceKey(secret, deviceId)`. So the key is
 * picked by the phone's id (the URL's `?device=` for a phone registered in the console, else the
 * body's `deviceId`) and the signature proves which phone reported the SMS; a
 * key leaked from one phone signs nothing for another (the number's source, checked when it is
 * delivered, names the phone and SIM that host it).
 *
 * The receiving number: the signed `payload.recipient` when the app knows it; else the webhook
 * URL registered on the phone, `?to=+447700900123` (one SIM) or `?sim1=+44…&sim2=+44…` (dual SIM,
 * picked by the signed `simNumber`). The URL is not signed, so its number counts only if its
 * source is this very phone (and SIM, when the app names it). Without any number the SMS is kept
 * as an orphan for operators (`no-receiving-number`).
 */

export { gatewayDeviceKey, gatewayToleranceSeconds, signGatewayBody, verifyGatewaySignature } from '../supply';

const envelopeSchema = z.object({
  event: z.string(),
  id: z.optional(z.string().check(z.minLength(1))),
  deviceId: z.string().check(z.minLength(1)),
  webhookId: z.optional(z.string()),
  payload: z.unknown(),
});

const nonEmpty = z.string().check(z.minLength(1));
const receivedSchema = z.object({
  messageId: z.optional(nonEmpty),
  message: z.string(),
  sender: z.optional(z.nullable(nonEmpty)),
  phoneNumber: z.optional(z.nullable(nonEmpty)),
  simNumber: z.optional(z.nullable(z.number().check(z.int()))),
  receivedAt: z.optional(z.string()),
  recipient: z.optional(z.nullable(z.string())),
});

/**
 * The phone the request claims to be, read only to pick the key its signature is checked with: the
 * webhook URL's `?device=` (a phone an operator registered: its URL names our id for it, since the
 * app's own `deviceId` is the app's), else the body's `deviceId` (the seed's phones).
 */
function claimedDevice(body: string, query: Record<string, string>): string | undefined {
  const registered = query.device;
  if (registered !== undefined) return registered.length > 0 && registered.length <= 128 ? registered : undefined;
  try {
    const deviceId = (JSON.parse(body) as { deviceId?: unknown } | null)?.deviceId;
    return typeof deviceId === 'string' && deviceId.length > 0 && deviceId.length <= 128 ? deviceId : undefined;
  } catch {
    return undefined;
  }
}

export type GatewayNotification = { kind: 'sms'; sms: InboundSms } | { kind: 'ignored'; event: string; deviceId: string };

/**
 * A gateway webhook to the normalised event: the signature first, with the key of the device the
 * body names (SignatureError; nothing else is read before it), then the JSON (ValidationError).
 * Events other than `sms:received` are acknowledged and ignored (`system:ping`, delivery reports).
 */
export function gatewayInbound(
  secret: string,
  request: { body: string; headers: Record<string, string>; query: Record<string, string> },
  now = Date.now(),
): GatewayNotification {
  const device = claimedDevice(request.body, request.query);
  if (!device || !verifyGatewaySignature(gatewayDeviceKey(secret, device), request.body, request.headers['x-timestamp'], request.headers['x-signature'], now)) {
    throw new SignatureError("X-Signature is not the named device's, or X-Timestamp is not within 5 minutes");
  }
  const envelope = envelopeSchema.safeParse(JSON.parse(request.body));
  if (!envelope.success) throw new ValidationError('Not a webhook event');
  if (envelope.data.event !== 'sms:received') return { kind: 'ignored', event: envelope.data.event, deviceId: device };
  const payload = receivedSchema.safeParse(envelope.data.payload);
  if (!payload.success) throw new ValidationError('Not an sms:received payload');
  const { messageId, message, sender, phoneNumber, simNumber, receivedAt, recipient } = payload.data;
  const from = sender ?? phoneNumber;
  if (!from) throw new ValidationError('The SMS has no sender');
  // The event id is the same on every retry of one event; messageId is derived from the text (not unique).
  const eventId = envelope.data.id ?? messageId;
  if (!eventId) throw new ValidationError('The event has no id');
  const received = receivedAt ? Date.parse(receivedAt) : Number.NaN;
  const slot = simNumber ?? undefined;
  return {
    kind: 'sms',
    sms: {
      provider: 'gateway',
      providerMessageId: `${device}:${eventId}`,
      deviceId: device,
      ...(slot === undefined ? {} : { simNumber: slot }),
      from,
      to: recipient?.trim() || (slot ? request.query[`sim${slot}`] : undefined) || request.query.to || '',
      body: message,
      receivedAt: new Date(Number.isNaN(received) ? now : received).toISOString(),
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** How a gateway phone signs what it reports: its own key, derived from the stage's gateway secret and its id when it is registered. */
export const gatewayToleranceSeconds = 300;

/** A phone's signing key: hex HMAC-SHA256 of its deviceId under the stage's gateway secret (one-way: a device key gives away no other). */
export const gatewayDeviceKey = (secret: string, deviceId: string): string =>
  createHmac('sha256', secret).update(`android-sms-gateway device ${deviceId}`, 'utf8').digest('hex');

/** Hex HMAC-SHA256 over the raw body followed by the timestamp (how the app signs). */
export const signGatewayBody = (key: string, rawBody: string, timestamp: string): string =>
  createHmac('sha256', key)
    .update(rawBody + timestamp, 'utf8')
    .digest('hex');

/** True when the signature is right and the timestamp within 5 minutes of now. */
export function verifyGatewaySignature(key: string, rawBody: string, timestamp: string | undefined, signature: string | undefined, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > gatewayToleranceSeconds) return false;
  const expected = Buffer.from(signGatewayBody(key, rawBody, timestamp), 'utf8');
  const received = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

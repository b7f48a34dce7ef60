import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * NOWPayments signs an IPN with hex HMAC-SHA512, keyed by the IPN secret, over the JSON of the body
 * with its keys sorted at every depth. Shared by the adapter and the local stand-in.
 */

/** The value with object keys sorted recursively (arrays keep their order). */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((key) => [key, sortedKeys(object[key])]),
    );
  }
  return value;
}

export const ipnSignature = (body: unknown, ipnSecret: string) =>
  createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortedKeys(body)))
    .digest('hex');

export function ipnSignatureMatches(body: unknown, signature: string, ipnSecret: string): boolean {
  const expected = ipnSignature(body, ipnSecret);
  const given = signature.trim().toLowerCase();
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export const signatureHeader = 'x-nowpayments-sig';

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The signing rules of Binance Pay, shared by the adapter and the local stand-in so both speak
 * exactly one protocol. Requests to Binance carry an HMAC by the merchant's secret key; Binance's
 * webhooks carry an RSA signature by Binance's key (see certificates.ts). Both sign the same payload.
 */

/** What is signed: timestamp, nonce and body, each followed by a line feed. */
export const signedPayload = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** A merchant request's signature: upper-case hex HMAC-SHA512 of the payload with the API secret key. */
export const requestSignature = (payload: string, secretKey: string) => createHmac('sha512', secretKey).update(payload).digest('hex').toUpperCase();

/** Header names as they arrive (lower case). */
export const binanceHeaders = {
  timestamp: 'binancepay-timestamp',
  nonce: 'binancepay-nonce',
  certificateSn: 'binancepay-certificate-sn',
  signature: 'binancepay-signature',
} as const;

const nonceAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The headers of a signed API request: a millisecond timestamp and 32 random letters or digits as nonce. */
export function requestHeaders(body: string, apiKey: string, secretKey: string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = Array.from({ length: 32 }, () => nonceAlphabet[randomInt(nonceAlphabet.length)]).join('');
  return {
    'content-type': 'application/json',
    [binanceHeaders.timestamp]: timestamp,
    [binanceHeaders.nonce]: nonce,
    [binanceHeaders.certificateSn]: apiKey,
    [binanceHeaders.signature]: requestSignature(signedPayload(timestamp, nonce, body), secretKey),
  };
}

export const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/*
 * Binance signs every webhook with its own key, the same for all merchants, and the order data names
 * no merchant. So each order carries our merchant id through `passThroughInfo` (which Binance echoes
 * in the notification) together with a tag keyed by our API secret: another merchant's authentic
 * notification for an order with the same merchantTradeNo cannot pass as ours.
 */
const merchantTag = (merchantId: string, merchantTradeNo: string, secretKey: string) =>
  createHmac('sha256', secretKey).update(`numbernest-merchant\n${merchantId}\n${merchantTradeNo}`).digest('hex');

/** The `passThroughInfo` of an order: our merchant id and its tag. */
export const merchantPassThroughInfo = (merchantId: string, merchantTradeNo: string, secretKey: string) =>
  JSON.stringify({ merchantId, tag: merchantTag(merchantId, merchantTradeNo, secretKey) });

/** The merchant id a notification's `passThroughInfo` names, or undefined when it carries no tag of ours. */
export function taggedMerchant(passThroughInfo: unknown, merchantTradeNo: string, secretKey: string): string | undefined {
  if (typeof passThroughInfo !== 'string') return undefined;
  let info: unknown;
  try {
    info = JSON.parse(passThroughInfo);
  } catch {
    return undefined;
  }
  const { merchantId, tag } = (info ?? {}) as { merchantId?: unknown; tag?: unknown };
  if (typeof merchantId !== 'string' || typeof tag !== 'string') return undefined;
  return sameText(tag, merchantTag(merchantId, merchantTradeNo, secretKey)) ? merchantId : undefined;
}

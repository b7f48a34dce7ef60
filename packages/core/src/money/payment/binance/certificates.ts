import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { SignatureError, UpstreamError } from '../../../shared/errors';
import type { NotificationRequest } from '../provider';
import { binancePayRequest } from './api';
import { binanceHeaders, signedPayload } from './signing';

/**
 * Binance signs webhooks (RSA-SHA256, base64) with a key it publishes through its certificate API,
 * named by the `BinancePay-Certificate-SN` header. The keys are kept in memory by serial; an unknown
 * serial refetches them, at most once a minute so forged serials cannot make us hammer Binance.
 * A failed fetch backs off exponentially (5 s, 10 s, 20 s, … at most 5 minutes between tries):
 * while Binance's API is down, notifications are answered 503 (Binance retries them) without a
 * request to Binance each.
 */
const keysBySerial = new Map<string, KeyObject>();
const refetchIntervalMs = 60_000;
export const certificateBackoff = { firstMs: 5_000, maxMs: 5 * 60_000 };
/** How far a notification's `BinancePay-Timestamp` may be from our clock, either way: older is a replay. */
export const notificationWindowMs = 5 * 60_000;

/** When the certificate API may be asked again, and how many fetches in a row have failed. */
let nextFetchAt = 0;
let failures = 0;
let fetching: Promise<void> | undefined;

/** The wait after the n-th failed fetch in a row: doubling from 5 s, capped at 5 minutes. */
export const certificateBackoffMs = (failed: number) => Math.min(certificateBackoff.maxMs, certificateBackoff.firstMs * 2 ** Math.max(0, failed - 1));

interface Certificate {
  certSerial: string;
  certPublic: string;
}

/** Binance gives the key as PEM; a bare base64 SPKI is accepted too. */
const publicKey = (text: string) =>
  text.includes('-----BEGIN') ? createPublicKey(text) : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });

async function refreshKeys(): Promise<void> {
  try {
    const certificates = await binancePayRequest<Certificate[]>('/binancepay/openapi/certificates', {});
    const fresh = new Map(certificates.map(({ certSerial, certPublic }) => [certSerial, publicKey(certPublic)] as const));
    keysBySerial.clear();
    for (const [serial, key] of fresh) keysBySerial.set(serial, key);
    failures = 0;
    nextFetchAt = Date.now() + refetchIntervalMs;
  } catch (error) {
    failures++;
    nextFetchAt = Date.now() + certificateBackoffMs(failures);
    throw new UpstreamError(`Binance Pay certificates could not be fetched: ${error instanceof Error ? error.message : String(error)}`, 'UPSTREAM_FAILED');
  }
}

async function keyFor(serial: string): Promise<KeyObject | undefined> {
  const known = keysBySerial.get(serial);
  if (known) return known;
  if (Date.now() < nextFetchAt) {
    if (failures > 0) throw new UpstreamError('Binance Pay certificates are unavailable; try again later', 'UPSTREAM_FAILED');
    return undefined;
  }
  fetching ??= refreshKeys().finally(() => (fetching = undefined));
  await fetching;
  return keysBySerial.get(serial);
}

/** Throws SignatureError unless the webhook is signed by Binance's published key, and recently. */
export async function verifyBinanceSignature({ body, headers }: NotificationRequest): Promise<void> {
  const timestamp = headers[binanceHeaders.timestamp];
  const nonce = headers[binanceHeaders.nonce];
  const serial = headers[binanceHeaders.certificateSn];
  const signature = headers[binanceHeaders.signature];
  if (!timestamp || !nonce || !serial || !signature) throw new SignatureError('Binance Pay signature headers are missing');
  // Checked first: a stale notification costs no certificate fetch. The timestamp is signed, so it cannot be freshened.
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > notificationWindowMs) {
    throw new SignatureError('Binance Pay notification timestamp is outside the 5-minute window');
  }
  const key = await keyFor(serial);
  if (!key) throw new SignatureError(`Unknown Binance Pay certificate ${serial}`);
  if (!verify('sha256', Buffer.from(signedPayload(timestamp, nonce, body)), key, Buffer.from(signature, 'base64'))) {
    throw new SignatureError('Binance Pay signature does not match');
  }
}

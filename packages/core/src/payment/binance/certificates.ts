import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { SignatureError } from '../../errors';
import type { NotificationRequest } from '../provider';
import { binancePayRequest } from './api';
import { binanceHeaders, signedPayload } from './signing';

/**
 * Binance signs webhooks (RSA-SHA256, base64) with a key it publishes through its certificate API,
 * named by the `BinancePay-Certificate-SN` header. The keys are kept in memory by serial; an unknown
 * serial refetches them, at most once a minute so forged serials cannot make us hammer Binance.
 */
const keysBySerial = new Map<string, KeyObject>();
const refetchIntervalMs = 60_000;
let fetchedAt = 0;
let fetching: Promise<void> | undefined;

interface Certificate {
  certSerial: string;
  certPublic: string;
}

/** Binance gives the key as PEM; a bare base64 SPKI is accepted too. */
const publicKey = (text: string) =>
  text.includes('-----BEGIN') ? createPublicKey(text) : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });

async function refreshKeys(): Promise<void> {
  const certificates = await binancePayRequest<Certificate[]>('/binancepay/openapi/certificates', {});
  keysBySerial.clear();
  for (const { certSerial, certPublic } of certificates) keysBySerial.set(certSerial, publicKey(certPublic));
  fetchedAt = Date.now();
}

async function keyFor(serial: string): Promise<KeyObject | undefined> {
  if (!keysBySerial.has(serial) && Date.now() - fetchedAt >= refetchIntervalMs) {
    fetching ??= refreshKeys().finally(() => (fetching = undefined));
    await fetching;
  }
  return keysBySerial.get(serial);
}

/** Throws SignatureError unless the webhook is signed by Binance's published key. */
export async function verifyBinanceSignature({ body, headers }: NotificationRequest): Promise<void> {
  const timestamp = headers[binanceHeaders.timestamp];
  const nonce = headers[binanceHeaders.nonce];
  const serial = headers[binanceHeaders.certificateSn];
  const signature = headers[binanceHeaders.signature];
  if (!timestamp || !nonce || !serial || !signature) throw new SignatureError('Binance Pay signature headers are missing');
  const key = await keyFor(serial);
  if (!key) throw new SignatureError(`Unknown Binance Pay certificate ${serial}`);
  if (!verify('sha256', Buffer.from(signedPayload(timestamp, nonce, body)), key, Buffer.from(signature, 'base64'))) {
    throw new SignatureError('Binance Pay signature does not match');
  }
}

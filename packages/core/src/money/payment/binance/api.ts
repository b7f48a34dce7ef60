import { secret, setting } from '../../../shared/settings';
import { requestHeaders } from './signing';

/** Binance Pay's reply envelope: `status` SUCCESS with `data`, or FAIL with a code and message. */
interface BinancePayReply<T> {
  status?: string;
  code?: string;
  data?: T;
  errorMessage?: string;
}

/** POSTs a signed request to Binance Pay and answers the reply's `data`; a non-SUCCESS reply throws with Binance's message. */
export async function binancePayRequest<T>(path: string, payload: object): Promise<T> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${setting('BinancePayApiUrl').replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: requestHeaders(body, secret('BinancePayApiKey'), secret('BinancePaySecretKey')),
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let reply: BinancePayReply<T> | undefined;
  try {
    reply = JSON.parse(text) as BinancePayReply<T>;
  } catch {
    reply = undefined;
  }
  if (reply?.status !== 'SUCCESS' || reply.data === undefined) {
    const reason = reply?.errorMessage ?? (text.slice(0, 200) || `HTTP ${response.status}`);
    throw new Error(`Binance Pay ${path} failed: ${reason}${reply?.code ? ` (code ${reply.code})` : ''}`);
  }
  return reply.data;
}

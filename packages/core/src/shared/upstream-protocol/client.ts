import { compareDecimals, fiveSimBalance, fiveSimBuy, fiveSimEnd, fiveSimPrices, fiveSimStatus } from './fivesim';
import { smsActivateAskAnother, smsActivateBalance, smsActivateBuy, smsActivateEnd, smsActivatePrices, smsActivateStatus } from './sms-activate';
import type {
  UpstreamBuyReply,
  UpstreamBuyRequest,
  UpstreamCallOptions,
  UpstreamCallResult,
  UpstreamEndHow,
  UpstreamEndReply,
  UpstreamEndpoint,
  UpstreamPrice,
  UpstreamStatusReply,
} from './types';

/** Every country and service the upstream sells, in its codes, with its price (its currency, as written) and count. */
export const upstreamPrices = (endpoint: UpstreamEndpoint, options: UpstreamCallOptions): Promise<UpstreamCallResult<UpstreamPrice[]>> =>
  endpoint.kind === '5sim' ? fiveSimPrices(endpoint, options) : smsActivatePrices(endpoint, options);

/** The account's balance with the upstream, in its currency, as written. */
export const upstreamBalance = (endpoint: UpstreamEndpoint, options: UpstreamCallOptions): Promise<UpstreamCallResult<string>> =>
  endpoint.kind === '5sim' ? fiveSimBalance(endpoint, options) : smsActivateBalance(endpoint, options);

/**
 * One activation at most `maxPrice`. SMS-Activate answers a price above it WRONG_MAX_PRICE
 * (`too-expensive`); 5sim sells no number above it and says `no free phones` (`no-numbers`), but
 * only for operator `any`: it ignores `maxPrice` for a named operator. So a number sold above
 * `maxPrice` anyway (that, or an upstream that does not keep to it) is cancelled at once and answered
 * `too-expensive` with the price asked; only when that cancel is refused is it returned as bought,
 * its `price` for the caller to see.
 */
export async function upstreamBuy(
  endpoint: UpstreamEndpoint,
  request: UpstreamBuyRequest,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<UpstreamBuyReply>> {
  // A maxPrice that is no decimal is our own mistake, not the upstream's: thrown, like any broken argument.
  if (!/^\d+(\.\d+)?$/.test(request.maxPrice)) throw new RangeError(`maxPrice must be a decimal: ${request.maxPrice}`);
  const started = performance.now();
  const result = await (endpoint.kind === '5sim' ? fiveSimBuy(endpoint, request, options) : smsActivateBuy(endpoint, request, options));
  if (!result.ok || result.reply.status !== 'bought' || result.reply.price === null || compareDecimals(result.reply.price, request.maxPrice) <= 0)
    return result;
  const left = Math.max(1, options.deadlineMs - Math.round(performance.now() - started));
  const cancelled = await upstreamEnd(endpoint, result.reply.activationId, 'cancel', { ...options, deadlineMs: left });
  const ms = Math.round(performance.now() - started);
  if (cancelled.ok && cancelled.reply.accepted) return { ok: true, reply: { status: 'too-expensive', minPrice: result.reply.price }, ms };
  return { ...result, ms };
}

/** Where an activation is: waiting for its SMS, a code, cancelled, finished. */
export const upstreamStatus = (
  endpoint: UpstreamEndpoint,
  activationId: string,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<UpstreamStatusReply>> =>
  endpoint.kind === '5sim' ? fiveSimStatus(endpoint, activationId, options) : smsActivateStatus(endpoint, activationId, options);

/** Ends an activation: cancel (refunded by the upstream), finish (paid), ban (5sim's ban; SMS-Activate has none and cancels). */
export const upstreamEnd = (
  endpoint: UpstreamEndpoint,
  activationId: string,
  how: UpstreamEndHow,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<UpstreamEndReply>> =>
  endpoint.kind === '5sim' ? fiveSimEnd(endpoint, activationId, how, options) : smsActivateEnd(endpoint, activationId, how, options);

/**
 * The buyer wants another SMS on an activation that got one: SMS-Activate's setStatus 3 (until then its
 * getStatus repeats the code it has); 5sim's check lists every SMS, so nothing is asked of it.
 */
export const upstreamAskAnother = async (
  endpoint: UpstreamEndpoint,
  activationId: string,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<UpstreamEndReply>> =>
  endpoint.kind === '5sim' ? { ok: true, reply: { accepted: true, detail: 'not needed' }, ms: 0 } : smsActivateAskAnother(endpoint, activationId, options);

import { fiveSimBalance, fiveSimBuy, fiveSimEnd, fiveSimPrices, fiveSimStatus } from './fivesim';
import { smsActivateBalance, smsActivateBuy, smsActivateEnd, smsActivatePrices, smsActivateStatus } from './sms-activate';
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
 * (`too-expensive`); 5sim sells no number above it and says `no free phones` (`no-numbers`). An
 * upstream that sells above it anyway is seen in `price`: the caller compares and cancels.
 */
export const upstreamBuy = (
  endpoint: UpstreamEndpoint,
  request: UpstreamBuyRequest,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<UpstreamBuyReply>> =>
  endpoint.kind === '5sim' ? fiveSimBuy(endpoint, request, options) : smsActivateBuy(endpoint, request, options);

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

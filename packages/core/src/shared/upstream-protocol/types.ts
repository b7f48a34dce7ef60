import type { Resolver } from '../ssrf';

/** The two protocols upstream providers speak: SMS-Activate's handler_api (HeroSMS, Grizzly, SMSHub, DaisySMS…) and 5sim's v1 API. */
export type UpstreamKind = 'sms-activate' | '5sim';

/** An upstream as the platform knows it. */
export interface UpstreamEndpoint {
  kind: UpstreamKind;
  /** The base URL: where `/stubs/handler_api.php` (SMS-Activate) or `/v1/` (5sim) is found. */
  url: string;
  /** The API key (SMS-Activate's `api_key`, 5sim's Bearer token). */
  key: string;
}

/** How one call is made. */
export interface UpstreamCallOptions {
  /** The whole call's budget (DNS check, connect, reply), in milliseconds. */
  deadlineMs: number;
  /** The local stage: an upstream on this machine may be reached. */
  local: boolean;
  /** Tests: the DNS answer. */
  resolve?: Resolver;
}

/** Why a call gave no answer of the protocol. */
export type UpstreamCallFailure = 'timeout' | 'refused-url' | 'http' | 'malformed' | 'network' | 'bad-key';

/** A call's outcome, with how long it took. */
export type UpstreamCallResult<T> = { ok: true; reply: T; ms: number } | { ok: false; failure: UpstreamCallFailure; detail: string; ms: number };

/**
 * One price line: a country and a service in the upstream's own codes (SMS-Activate: the numeric
 * country id as a string and the service code; 5sim: the country name and the product), the price in
 * the upstream's currency as the decimal it wrote, and how many numbers it has.
 */
export interface UpstreamPrice {
  country: string;
  service: string;
  price: string;
  count: number;
}

/** What to buy: codes in the upstream's own terms, `maxPrice` a decimal in its currency. */
export interface UpstreamBuyRequest {
  country: string;
  service: string;
  maxPrice: string;
  /** 5sim's operator (default `any`); SMS-Activate's `operator` parameter. */
  operator?: string;
}

export type UpstreamBuyReply =
  | { status: 'bought'; activationId: string; phone: string; price: string | null }
  | { status: 'no-numbers' }
  | { status: 'too-expensive'; minPrice?: string }
  | { status: 'no-balance' }
  | { status: 'refused'; detail: string };

export type UpstreamStatusReply =
  | { status: 'waiting' }
  | { status: 'code'; code: string; text: string | null }
  | { status: 'cancelled' }
  | { status: 'finished' }
  | { status: 'unknown'; detail: string };

export type UpstreamEndHow = 'cancel' | 'finish' | 'ban';

export interface UpstreamEndReply {
  accepted: boolean;
  detail: string;
}

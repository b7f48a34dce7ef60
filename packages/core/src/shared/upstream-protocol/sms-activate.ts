import { decimalOf, countOf, idOf, isRecord, parseJson, phoneDigits } from './json';
import { below, excerpt, getText, stopwatch } from './transport';
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

/**
 * The client side of the SMS-Activate protocol: `GET <base>/stubs/handler_api.php?api_key=…&action=…`.
 * Every answer is HTTP 200: a plain-text word (`ACCESS_NUMBER:id:phone`, `NO_NUMBERS`, `BAD_KEY`…) or,
 * for getPrices and getNumberV2, JSON. The codecs below (pure, exported for tests) read one answer each.
 */

/** A codec's reading: the reply, or why the answer is none of the protocol's (bad-key is its own failure). */
export type Read<T> = { ok: true; reply: T } | { ok: false; failure: 'malformed' | 'bad-key'; detail: string };

const word = (text: string) => text.trim().split(':', 1)[0]!;
const isKeyWord = (text: string) => ['BAD_KEY', 'NO_KEY'].includes(word(text));
const badKey = (text: string): Read<never> => ({ ok: false, failure: 'bad-key', detail: `The upstream answered ${excerpt(text)}` });
const malformed = (what: string, text: string): Read<never> => ({ ok: false, failure: 'malformed', detail: `${what}: ${excerpt(text) || 'an empty answer'}` });

/** getBalance: `ACCESS_BALANCE:123.45`. */
export function readBalance(text: string): Read<string> {
  if (isKeyWord(text)) return badKey(text);
  const match = /^ACCESS_BALANCE:(\d+(?:\.\d+)?)$/.exec(text.trim());
  return match ? { ok: true, reply: match[1]! } : malformed('Not a getBalance answer', text);
}

/** getPrices: `{"<country id>": {"<service>": {"cost": 0.35, "count": 120}}}` (cost as a number or a string). */
export function readPrices(text: string): Read<UpstreamPrice[]> {
  if (isKeyWord(text)) return badKey(text);
  const tree = parseJson(text);
  if (!isRecord(tree)) return malformed('Not a getPrices answer', text);
  const prices: UpstreamPrice[] = [];
  for (const [country, services] of Object.entries(tree)) {
    if (!/^\d+$/.test(country) || !isRecord(services)) return malformed(`getPrices: country ${country} is not a map of services`, text);
    for (const [service, offer] of Object.entries(services)) {
      const price = isRecord(offer) ? decimalOf(offer.cost) : undefined;
      const count = isRecord(offer) ? countOf(offer.count) : undefined;
      if (price === undefined || count === undefined) return malformed(`getPrices: ${country}/${service} has no cost and count`, text);
      prices.push({ country, service, price, count });
    }
  }
  return { ok: true, reply: prices };
}

/** The words a purchase is refused with that say what to do (anything else is `refused` with the word). */
function readBuyWord(text: string): Read<UpstreamBuyReply> | undefined {
  const trimmed = text.trim();
  if (isKeyWord(trimmed)) return badKey(trimmed);
  if (trimmed === 'NO_NUMBERS') return { ok: true, reply: { status: 'no-numbers' } };
  if (trimmed === 'NO_BALANCE') return { ok: true, reply: { status: 'no-balance' } };
  const tooExpensive = /^WRONG_MAX_PRICE(?::(\d+(?:\.\d+)?))?$/.exec(trimmed);
  if (tooExpensive) return { ok: true, reply: tooExpensive[1] ? { status: 'too-expensive', minPrice: tooExpensive[1] } : { status: 'too-expensive' } };
  const classic = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(trimmed);
  if (classic) return { ok: true, reply: { status: 'bought', activationId: classic[1]!, phone: classic[2]!, price: null } };
  if (/^[A-Z][A-Z_]*(?::.*)?$/.test(trimmed)) return { ok: true, reply: { status: 'refused', detail: trimmed.slice(0, 200) } };
  return undefined;
}

/** getNumberV2: `{"activationId":…, "phoneNumber":"…", "activationCost":…}`, or getNumber's words (`ACCESS_NUMBER:id:phone`, `NO_NUMBERS`…). */
export function readBuy(text: string): Read<UpstreamBuyReply> {
  const byWord = readBuyWord(text);
  if (byWord) return byWord;
  const tree = parseJson(text);
  if (!isRecord(tree)) return malformed('Not a getNumberV2 answer', text);
  const activationId = idOf(tree.activationId);
  const phone = phoneDigits(tree.phoneNumber);
  if (activationId === undefined || phone === undefined) return malformed('getNumberV2: no activationId and phoneNumber', text);
  return { ok: true, reply: { status: 'bought', activationId, phone, price: decimalOf(tree.activationCost) ?? null } };
}

/** getStatus: STATUS_WAIT_CODE, STATUS_WAIT_RESEND, STATUS_WAIT_RETRY:<code>, STATUS_OK:<code>, STATUS_CANCEL, NO_ACTIVATION. */
export function readStatus(text: string): Read<UpstreamStatusReply> {
  const trimmed = text.trim();
  if (isKeyWord(trimmed)) return badKey(trimmed);
  if (trimmed === 'STATUS_WAIT_CODE' || trimmed === 'STATUS_WAIT_RESEND') return { ok: true, reply: { status: 'waiting' } };
  if (trimmed === 'STATUS_CANCEL') return { ok: true, reply: { status: 'cancelled' } };
  // STATUS_WAIT_RETRY carries the code received, while the buyer waits for a corrected one: the code counts.
  const code = /^(?:STATUS_OK|STATUS_WAIT_RETRY):([\s\S]*)$/.exec(trimmed);
  if (code) return { ok: true, reply: { status: 'code', code: code[1]!.trim(), text: null } };
  if (/^[A-Z][A-Z_]*(?::.*)?$/.test(trimmed)) return { ok: true, reply: { status: 'unknown', detail: trimmed.slice(0, 200) } };
  return malformed('Not a getStatus answer', text);
}

/** setStatus: ACCESS_CANCEL (8), ACCESS_ACTIVATION (6); any other word is a refusal (EARLY_CANCEL_DENIED, BAD_STATUS, NO_ACTIVATION). */
export function readEnd(text: string, how: UpstreamEndHow): Read<UpstreamEndReply> {
  const trimmed = text.trim();
  if (isKeyWord(trimmed)) return badKey(trimmed);
  const expected = how === 'finish' ? 'ACCESS_ACTIVATION' : 'ACCESS_CANCEL';
  if (trimmed === expected) return { ok: true, reply: { accepted: true, detail: trimmed } };
  if (/^[A-Z][A-Z_]*(?::.*)?$/.test(trimmed)) return { ok: true, reply: { accepted: false, detail: trimmed.slice(0, 200) } };
  return malformed('Not a setStatus answer', text);
}

/** setStatus's status for each end: 8 cancels, 6 finishes; the protocol has no ban, so a ban cancels. */
export const setStatusOf: Record<UpstreamEndHow, '6' | '8'> = { cancel: '8', finish: '6', ban: '8' };

async function call<T>(
  endpoint: UpstreamEndpoint,
  params: Record<string, string>,
  read: (text: string) => Read<T>,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<T>> {
  const clock = stopwatch();
  const url = `${below(endpoint.url, '/stubs/handler_api.php')}?${new URLSearchParams({ api_key: endpoint.key, ...params })}`;
  const got = await getText(url, {}, options, clock);
  if (!got.ok) return got;
  const { status, text } = got.answer;
  if (status < 200 || status > 299)
    return clock.fail(status === 401 || status === 403 ? 'bad-key' : 'http', `HTTP ${status}${text ? `: ${excerpt(text)}` : ''}`);
  const read_ = read(text);
  return read_.ok ? clock.done(read_.reply) : clock.fail(read_.failure, `${params.action}: ${read_.detail}`);
}

export const smsActivateBalance = (endpoint: UpstreamEndpoint, options: UpstreamCallOptions) => call(endpoint, { action: 'getBalance' }, readBalance, options);

export const smsActivatePrices = (endpoint: UpstreamEndpoint, options: UpstreamCallOptions) => call(endpoint, { action: 'getPrices' }, readPrices, options);

/** getNumberV2 with maxPrice; an upstream that does not know getNumberV2 (BAD_ACTION) is asked getNumber. */
export async function smsActivateBuy(
  endpoint: UpstreamEndpoint,
  request: UpstreamBuyRequest,
  options: UpstreamCallOptions,
): Promise<UpstreamCallResult<UpstreamBuyReply>> {
  const started = performance.now();
  const params = {
    country: request.country,
    service: request.service,
    maxPrice: request.maxPrice,
    ...(request.operator ? { operator: request.operator } : {}),
  };
  const v2 = await call(endpoint, { action: 'getNumberV2', ...params }, readBuy, options);
  if (!(v2.ok && v2.reply.status === 'refused' && v2.reply.detail === 'BAD_ACTION')) return v2;
  const left = options.deadlineMs - Math.round(performance.now() - started);
  const classic = await call(endpoint, { action: 'getNumber', ...params }, readBuy, { ...options, deadlineMs: Math.max(1, left) });
  return { ...classic, ms: Math.round(performance.now() - started) };
}

export const smsActivateStatus = (endpoint: UpstreamEndpoint, activationId: string, options: UpstreamCallOptions) =>
  call(endpoint, { action: 'getStatus', id: activationId }, readStatus, options);

export const smsActivateEnd = (endpoint: UpstreamEndpoint, activationId: string, how: UpstreamEndHow, options: UpstreamCallOptions) =>
  call(endpoint, { action: 'setStatus', id: activationId, status: setStatusOf[how] }, (text) => readEnd(text, how), options);

/** setStatus 3: another SMS wanted (ACCESS_RETRY_GET); any other word is a refusal (BAD_STATUS, NO_ACTIVATION). */
export function readRetry(text: string): Read<UpstreamEndReply> {
  const trimmed = text.trim();
  if (isKeyWord(trimmed)) return badKey(trimmed);
  if (trimmed === 'ACCESS_RETRY_GET') return { ok: true, reply: { accepted: true, detail: trimmed } };
  if (/^[A-Z][A-Z_]*(?::.*)?$/.test(trimmed)) return { ok: true, reply: { accepted: false, detail: trimmed.slice(0, 200) } };
  return malformed('Not a setStatus answer', text);
}

export const smsActivateAskAnother = (endpoint: UpstreamEndpoint, activationId: string, options: UpstreamCallOptions) =>
  call(endpoint, { action: 'setStatus', id: activationId, status: '3' }, readRetry, options);

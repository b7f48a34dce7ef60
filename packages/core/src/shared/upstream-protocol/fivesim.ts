import { decimalOf, countOf, idOf, isRecord, parseJson, phoneDigits } from './json';
import type { Read } from './sms-activate';
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
 * The client side of 5sim's v1 API: `GET <base>/v1/user/…` with `Authorization: Bearer <key>` and
 * `Accept: application/json`, `GET <base>/v1/guest/prices` without. A known key's answers are JSON
 * (an order, the profile, the price tree) or a short plain-text sentence (`no free phones`,
 * `not enough user balance`, `order not found`…), with HTTP 200 or 400; an unknown key is HTTP 401.
 */

/** An order's statuses (5sim's docs): PENDING, RECEIVED, CANCELED, TIMEOUT, FINISHED, BANNED. */
type OrderStatus = 'PENDING' | 'RECEIVED' | 'CANCELED' | 'TIMEOUT' | 'FINISHED' | 'BANNED';
const orderStatuses = new Set<string>(['PENDING', 'RECEIVED', 'CANCELED', 'TIMEOUT', 'FINISHED', 'BANNED']);

interface Order {
  id: string;
  phone: string;
  price: string | null;
  status: OrderStatus;
  sms: Array<{ code: string | null; text: string | null }>;
}

const malformed = (what: string, text: string): Read<never> => ({ ok: false, failure: 'malformed', detail: `${what}: ${excerpt(text) || 'an empty answer'}` });

/** A plain-text sentence of 5sim (lower-case words), or undefined when the answer is something else. */
const sentenceOf = (text: string) => {
  const trimmed = text.trim();
  return /^[a-z][a-z ]{2,80}$/.test(trimmed) ? trimmed : undefined;
};

/** An order object as buy, check, finish, cancel and ban answer it. */
export function readOrder(text: string): Read<Order> {
  const tree = parseJson(text);
  if (!isRecord(tree)) return malformed('Not an order', text);
  const id = idOf(tree.id);
  const phone = phoneDigits(tree.phone);
  const status = typeof tree.status === 'string' ? tree.status : '';
  if (id === undefined || phone === undefined || !orderStatuses.has(status)) return malformed('An order without id, phone or a known status', text);
  const sms = Array.isArray(tree.sms)
    ? tree.sms.filter(isRecord).map((one) => ({
        code: typeof one.code === 'string' && one.code.trim() ? one.code.trim() : null,
        text: typeof one.text === 'string' ? one.text : null,
      }))
    : [];
  return { ok: true, reply: { id, phone, price: decimalOf(tree.price) ?? null, status: status as OrderStatus, sms } };
}

/** /v1/user/profile: `{"id":1, …, "balance":100, "rating":96, …}`. */
export function readProfile(text: string): Read<string> {
  const tree = parseJson(text);
  const balance = isRecord(tree) ? decimalOf(tree.balance) : undefined;
  return balance === undefined ? malformed('Not a profile', text) : { ok: true, reply: balance };
}

/**
 * /v1/guest/prices: `{"<country>": {"<product>": {"<operator>": {"cost": 4, "count": 1260, "rate": 99.9}}}}`.
 * One line per country and product: the cheapest operator that has numbers (the cheapest of all when
 * none has), and the numbers of every operator.
 */
export function readPrices(text: string): Read<UpstreamPrice[]> {
  const tree = parseJson(text);
  if (!isRecord(tree)) return malformed('Not a price list', text);
  const prices: UpstreamPrice[] = [];
  for (const [country, products] of Object.entries(tree)) {
    if (!isRecord(products)) return malformed(`prices: ${country} is not a map of products`, text);
    for (const [product, operators] of Object.entries(products)) {
      if (!isRecord(operators)) return malformed(`prices: ${country}/${product} is not a map of operators`, text);
      let cheapest: { price: string; stocked: boolean } | undefined;
      let count = 0;
      for (const [operator, offer] of Object.entries(operators)) {
        const cost = isRecord(offer) ? decimalOf(offer.cost) : undefined;
        const many = isRecord(offer) ? countOf(offer.count) : undefined;
        if (cost === undefined || many === undefined) return malformed(`prices: ${country}/${product}/${operator} has no cost and count`, text);
        count += many;
        const stocked = many > 0;
        if (!cheapest || (stocked && !cheapest.stocked) || (stocked === cheapest.stocked && compareDecimals(cost, cheapest.price) < 0))
          cheapest = { price: cost, stocked };
      }
      if (cheapest) prices.push({ country, service: product, price: cheapest.price, count });
    }
  }
  return { ok: true, reply: prices };
}

/** Two non-negative decimals compared exactly (no float): -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const places = Math.max(aFraction.length, bFraction.length);
  const scaled = (whole: string, fraction: string) => BigInt(whole + fraction.padEnd(places, '0'));
  const x = scaled(aWhole, aFraction);
  const y = scaled(bWhole, bFraction);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** buy/activation: the order, or a sentence (`no free phones`, `not enough user balance`…). */
export function readBuy(text: string): Read<UpstreamBuyReply> {
  const sentence = sentenceOf(text);
  if (sentence === 'no free phones') return { ok: true, reply: { status: 'no-numbers' } };
  if (sentence === 'not enough user balance') return { ok: true, reply: { status: 'no-balance' } };
  if (sentence) return { ok: true, reply: { status: 'refused', detail: sentence } };
  const order = readOrder(text);
  if (!order.ok) return order;
  return { ok: true, reply: { status: 'bought', activationId: order.reply.id, phone: order.reply.phone, price: order.reply.price } };
}

/** check: the order's status; a code is the newest SMS's `code`. */
export function readStatus(text: string): Read<UpstreamStatusReply> {
  const sentence = sentenceOf(text);
  if (sentence) return { ok: true, reply: { status: 'unknown', detail: sentence } };
  const order = readOrder(text);
  if (!order.ok) return order;
  const { status, sms } = order.reply;
  if (status === 'CANCELED' || status === 'TIMEOUT' || status === 'BANNED') return { ok: true, reply: { status: 'cancelled' } };
  if (status === 'FINISHED') return { ok: true, reply: { status: 'finished' } };
  // The newest SMS with a code; one in which 5sim found none still arrived: its text stands for the code (as getStatus's STATUS_OK does).
  const withCode = [...sms].reverse().find((one) => one.code !== null);
  if (withCode) return { ok: true, reply: { status: 'code', code: withCode.code!, text: withCode.text } };
  const newest = [...sms].reverse().find((one) => one.text !== null && one.text.trim() !== '');
  if (newest) return { ok: true, reply: { status: 'code', code: newest.text!.trim(), text: newest.text } };
  return { ok: true, reply: { status: 'waiting' } };
}

const endedAs: Record<UpstreamEndHow, OrderStatus> = { cancel: 'CANCELED', finish: 'FINISHED', ban: 'BANNED' };

/** finish, cancel, ban: the order in its new status, or a sentence (`order not found`, `order has sms`, `order expired`…). */
export function readEnd(text: string, how: UpstreamEndHow): Read<UpstreamEndReply> {
  const sentence = sentenceOf(text);
  if (sentence) return { ok: true, reply: { accepted: false, detail: sentence } };
  const order = readOrder(text);
  if (!order.ok) return order;
  const accepted = order.reply.status === endedAs[how];
  return { ok: true, reply: { accepted, detail: order.reply.status } };
}

async function call<T>(
  endpoint: UpstreamEndpoint,
  path: string,
  read: (text: string) => Read<T>,
  options: UpstreamCallOptions,
  authorised = true,
): Promise<UpstreamCallResult<T>> {
  const clock = stopwatch();
  const got = await getText(below(endpoint.url, path), authorised ? { authorization: `Bearer ${endpoint.key}` } : {}, options, clock);
  if (!got.ok) return got;
  const { status, text } = got.answer;
  const what = path.split('?', 1)[0]!;
  if (status === 401 || status === 403) return clock.fail('bad-key', `${what}: HTTP ${status}: the key is refused`);
  // 5sim says why it refuses in a sentence, with HTTP 400 as often as 200.
  const readable = (status >= 200 && status <= 299) || (status === 400 && sentenceOf(text) !== undefined);
  if (!readable) return clock.fail('http', `${what}: HTTP ${status}${text ? `: ${excerpt(text)}` : ''}`);
  const read_ = read(text);
  return read_.ok ? clock.done(read_.reply) : clock.fail(read_.failure, `${what}: ${read_.detail}`);
}

const segment = (value: string) => encodeURIComponent(value);

export const fiveSimBalance = (endpoint: UpstreamEndpoint, options: UpstreamCallOptions) => call(endpoint, '/v1/user/profile', readProfile, options);

export const fiveSimPrices = (endpoint: UpstreamEndpoint, options: UpstreamCallOptions) => call(endpoint, '/v1/guest/prices', readPrices, options, false);

/** buy/activation with `maxPrice` (5sim then sells no number above it: `no free phones`). */
export const fiveSimBuy = (endpoint: UpstreamEndpoint, request: UpstreamBuyRequest, options: UpstreamCallOptions) =>
  call(
    endpoint,
    `/v1/user/buy/activation/${segment(request.country)}/${segment(request.operator ?? 'any')}/${segment(request.service)}?${new URLSearchParams({ maxPrice: request.maxPrice })}`,
    readBuy,
    options,
  );

export const fiveSimStatus = (endpoint: UpstreamEndpoint, activationId: string, options: UpstreamCallOptions) =>
  call(endpoint, `/v1/user/check/${segment(activationId)}`, readStatus, options);

export const fiveSimEnd = (endpoint: UpstreamEndpoint, activationId: string, how: UpstreamEndHow, options: UpstreamCallOptions) =>
  call(endpoint, `/v1/user/${how}/${segment(activationId)}`, (text) => readEnd(text, how), options);

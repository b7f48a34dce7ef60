import { fiveSimRoutes } from '@numbernest/contracts/fivesim';
import type { UserItem } from '../../accounts';
import { AccountOnHoldError } from '../../money';
import { ValidationError } from '../../shared/errors';
import { findKeyOwner, findLiveApiKey } from '../handler-api/keys';
import { chargeFailedKey, failedKeysSpent, withinRateLimit } from '../handler-api/rate-limit';
import { answer, FiveSimRefused, refuse, type FiveSimAnswer } from './answers';
import * as account from './account';
import { buyActivation, buyHosting, reuseNumber, type FiveSimBuyer } from './buy';
import * as guest from './guest';
import { banOrder, cancelOrder, checkOrder, finishOrder, inboxOf, orderAnswer, toOrder } from './orders';

export type { FiveSimAnswer } from './answers';

/**
 * The 5sim-compatible API (`/v1/…`): 5sim's routes, key and answers over our rentals, catalogue and
 * ledger. A user route takes `Authorization: Bearer <API key>`, the same keys and limits as handler_api
 * (wrong keys per client address, requests per key); a guest route takes none.
 */

export interface FiveSimRequest {
  /** The route as API Gateway names it (`GET /v1/user/check/{id}`). */
  route: string;
  path: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: string;
  authorization?: string;
  idempotencyKey?: string;
  /** The client's address (API Gateway's sourceIp), for the wrong-key allowance. */
  address: string;
}

type Route = (typeof fiveSimRoutes)[number];
type RouteKey = `${Route['method']} ${Route['path']}`;
const userRoutes = new Set<string>(fiveSimRoutes.filter((r) => r.access === 'user').map((r) => `${r.method} ${r.path}`));

const guestActions: Partial<Record<RouteKey, (request: FiveSimRequest) => Promise<FiveSimAnswer> | FiveSimAnswer>> = {
  'GET /v1/guest/countries': () => guest.countries(),
  'GET /v1/guest/products/{country}/{operator}': ({ path }) => guest.products(path.country ?? '', path.operator ?? ''),
  'GET /v1/guest/prices': ({ query }) =>
    guest.prices({ ...(query.country ? { country: query.country } : {}), ...(query.product ? { product: query.product } : {}) }),
  'GET /v1/guest/flash/{lang}': () => guest.flash(),
};

const ordered = async (rental: Parameters<typeof toOrder>[0], sms: Parameters<typeof toOrder>[1] = null) => answer(await toOrder(rental, sms));

const userActions: Record<string, (user: UserItem, request: FiveSimRequest, buyer: FiveSimBuyer) => Promise<FiveSimAnswer>> = {
  'GET /v1/user/profile': (user) => account.profile(user),
  'GET /v1/user/orders': (user, { query }) => account.orders(user, query),
  'GET /v1/user/payments': (user, { query }) => account.payments(user, query),
  'GET /v1/user/max-prices': (user) => account.maxPrices(user),
  'POST /v1/user/max-prices': (user, { body }) => account.setMaxPrice(user, body),
  'DELETE /v1/user/max-prices': (user, { body }) => account.deleteMaxPrice(user, body),
  'GET /v1/user/buy/activation/{country}/{operator}/{product}': async (_user, { path, query }, buyer) =>
    ordered(await buyActivation(buyer, { country: path.country ?? '', operator: path.operator ?? '', product: path.product ?? '' }, query)),
  'GET /v1/user/buy/hosting/{country}/{operator}/{product}': async (_user, { path }, buyer) =>
    ordered(await buyHosting(buyer, { country: path.country ?? '', operator: path.operator ?? '', product: path.product ?? '' }), []),
  'GET /v1/user/reuse/{product}/{number}': async (_user, { path }, buyer) =>
    ordered(await reuseNumber(buyer, { product: path.product ?? '', number: path.number ?? '' })),
  'GET /v1/user/check/{id}': (user, { path }) => checkOrder(user, path.id),
  'GET /v1/user/finish/{id}': async (user, { path }) => orderAnswer(await finishOrder(user, path.id)),
  'GET /v1/user/cancel/{id}': async (user, { path }) => orderAnswer(await cancelOrder(user, path.id)),
  'GET /v1/user/ban/{id}': async (user, { path }) => orderAnswer(await banOrder(user, path.id)),
  'GET /v1/user/sms/inbox/{id}': (user, { path }) => inboxOf(user, path.id),
};

/** The key of `Authorization: Bearer <key>` (any case of "Bearer"), or undefined. */
const bearerKey = (authorization: string | undefined) => /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/** 401 while the address has failed keys left, 429 past them. */
async function wrongKey(address: string, now: number): Promise<FiveSimAnswer> {
  return (await chargeFailedKey(address, now)) ? refuse('unauthorized') : refuse('rateLimit');
}

/** One request of the 5sim-compatible API: always an answer, never a throw for the caller's mistakes. */
export async function handleFiveSimRequest(request: FiveSimRequest, now = Date.now()): Promise<FiveSimAnswer> {
  try {
    const guestAction = guestActions[request.route as RouteKey];
    if (guestAction) return await guestAction(request);
    const userAction = userActions[request.route];
    if (!userAction || !userRoutes.has(request.route)) return { status: 404, text: 'not found' };
    if (failedKeysSpent(request.address, now)) return refuse('rateLimit');
    const key = bearerKey(request.authorization);
    if (!key) return refuse('unauthorized');
    const apiKey = await findLiveApiKey(key);
    if (!apiKey) return await wrongKey(request.address, now);
    const [user, allowed] = await Promise.all([findKeyOwner(apiKey), withinRateLimit(apiKey.hash)]);
    if (!user) return await wrongKey(request.address, now);
    if (user.blocked) return refuse('accountBlocked');
    if (!allowed) return refuse('rateLimit');
    const buyer: FiveSimBuyer = { user, apiKeyId: apiKey.id, ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}) };
    return await userAction(user, request, buyer);
  } catch (error) {
    if (error instanceof FiveSimRefused) return refuse(error.refusal);
    // A held account (a card payment taken back) may not buy: 5sim's word for "cannot pay".
    if (error instanceof AccountOnHoldError) return refuse('notEnoughBalance');
    // A saved price limit out of bounds (the store's own check).
    if (error instanceof ValidationError) return refuse('badRequest');
    throw error;
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createUpstreamStandIn, type StandInAccount, type StandInOptions, type UpstreamStandIn } from './stand-in';
import type { StandInActivation } from './state';

/**
 * A stand-in of 5sim's v1 API, as a client of 5sim uses it: `GET <base>/v1/user/…` with
 * `Authorization: Bearer <key>` (an unknown key is HTTP 401), `GET <base>/v1/guest/prices` without.
 * Answers are JSON (an order, the profile, the price tree) or 5sim's plain-text sentences:
 * `no free phones` (HTTP 200, as 5sim sends it), `not enough user balance`, `order not found`,
 * `order has sms`, `order no sms`, `order expired`, `bad country`, `bad product` (HTTP 400).
 */

const sendText = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  return true;
};
const sendJsonText = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  return true;
};

const orderStatus: Record<StandInActivation['status'], string> = {
  waiting: 'PENDING',
  received: 'RECEIVED',
  cancelled: 'CANCELED',
  finished: 'FINISHED',
  banned: 'BANNED',
};

/** An order as 5sim writes it; its price a bare JSON number exactly as the stock says. */
function orderJson(activation: StandInActivation, smsNullWhenNone = false): string {
  const expires = new Date(Date.parse(activation.createdAt) + 15 * 60_000).toISOString();
  const sms = activation.sms.map((one) => ({ created_at: one.receivedAt, date: one.receivedAt, sender: one.from, text: one.text, code: one.code ?? '' }));
  const fields = [
    `"id":${activation.id}`,
    `"phone":${JSON.stringify(`+${activation.phone}`)}`,
    `"operator":${JSON.stringify(activation.operator)}`,
    `"product":${JSON.stringify(activation.service)}`,
    `"price":${activation.price}`,
    `"status":${JSON.stringify(orderStatus[activation.status])}`,
    `"expires":${JSON.stringify(expires)}`,
    `"sms":${sms.length === 0 && smsNullWhenNone ? 'null' : JSON.stringify(sms)}`,
    `"created_at":${JSON.stringify(activation.createdAt)}`,
    `"forwarding":false`,
    `"forwarding_number":""`,
    `"country":${JSON.stringify(activation.country)}`,
  ];
  return `{${fields.join(',')}}`;
}

export async function fiveSimWire(req: IncomingMessage, res: ServerResponse, route: string, url: URL, account: StandInAccount): Promise<boolean> {
  if (!route.startsWith('/v1/') || req.method !== 'GET') return false;
  const { state } = account;
  const parts = route.split('/').slice(2).map(decodeURIComponent);
  if (parts[0] === 'guest' && parts[1] === 'prices') {
    const country = url.searchParams.get('country');
    const product = url.searchParams.get('product');
    const tree: Record<string, Record<string, Record<string, string>>> = {};
    for (const line of account.offers()) {
      if ((country && country !== line.country) || (product && product !== line.service)) continue;
      ((tree[line.country] ??= {})[line.service] ??= {})[line.operator] = `{"cost":${line.price},"count":${line.count},"rate":99.5}`;
    }
    const write = (map: Record<string, unknown>, inner: (value: never) => string) =>
      `{${Object.entries(map)
        .map(([key, value]) => `${JSON.stringify(key)}:${inner(value as never)}`)
        .join(',')}}`;
    return sendJsonText(
      res,
      write(tree, (products: Record<string, Record<string, string>>) =>
        write(products, (operators: Record<string, string>) => write(operators, (offer: string) => offer)),
      ),
    );
  }
  if (parts[0] !== 'user') return false;
  if (req.headers.authorization !== `Bearer ${state.key}`) return sendText(res, 401, 'Unauthorized');
  const [, action, ...rest] = parts;
  if (action === 'profile' && rest.length === 0) {
    return sendJsonText(
      res,
      `{"id":1,"email":"${state.name}@upstream.local","vendor":"demo","default_forwarding_number":"","balance":${state.balance},"rating":96,"default_country":{"name":"","iso":"","prefix":""},"default_operator":{"name":""},"frozen_balance":0}`,
    );
  }
  if (action === 'buy' && rest[0] === 'activation' && rest.length === 4) {
    const [, country, operator, product] = rest as [string, string, string, string];
    // 5sim applies maxPrice only when the operator is `any`.
    const maxPrice = operator === 'any' ? url.searchParams.get('maxPrice') : null;
    const outcome = account.buy({ country, operator, service: product, ...(maxPrice ? { maxPrice } : {}) });
    if ('bought' in outcome) return sendJsonText(res, orderJson(outcome.bought, true));
    if (outcome.refused === 'no-balance') return sendText(res, 400, 'not enough user balance');
    if (outcome.refused === 'unknown-country') return sendText(res, 400, 'bad country');
    if (outcome.refused === 'unknown-service') return sendText(res, 400, 'bad product');
    // 5sim sells nothing above maxPrice: to the buyer that is no free phone.
    return sendText(res, 200, 'no free phones');
  }
  if ((action === 'check' || action === 'finish' || action === 'cancel' || action === 'ban') && rest.length === 1) {
    const id = rest[0]!;
    if (action === 'check') {
      const activation = account.find(id);
      return activation ? sendJsonText(res, orderJson(activation)) : sendText(res, 400, 'order not found');
    }
    const outcome = account.end(id, action);
    if ('ended' in outcome) return sendJsonText(res, orderJson(outcome.ended));
    const sentence = { 'not-found': 'order not found', 'has-sms': 'order has sms', 'no-sms': 'order no sms', 'already-ended': 'order expired' }[
      outcome.refused
    ];
    return sendText(res, 400, sentence);
  }
  return false;
}

/** A 5sim-API upstream on `basePath` (its base URL: `<origin><basePath>`, where `/v1/` is found). */
export const createFiveSimStandIn = (options: StandInOptions & { basePath: string }): UpstreamStandIn => createUpstreamStandIn('5sim', fiveSimWire, options);

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http';
import { createUpstreamStandIn, type StandInAccount, type StandInOptions, type UpstreamStandIn } from './stand-in';
import type { StandInActivation } from './state';

/**
 * A stand-in of an upstream speaking the SMS-Activate protocol (as HeroSMS, Grizzly, SMSHub and
 * DaisySMS do), as a client of theirs uses it: `GET` or `POST <base>/stubs/handler_api.php` with
 * `api_key` and `action`. Every answer is HTTP 200: a plain-text word, or JSON for getPrices and
 * getNumberV2. Actions: getBalance, getPrices, getNumber, getNumberV2 (with maxPrice), getStatus,
 * setStatus (1 ready, 3 another code, 6 finish, 8 cancel).
 */

const text = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  return true;
};
const json = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  return true;
};

/** `Y-m-d H:i:s` (UTC), the protocol's time. */
const protocolTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** A decimal as a bare JSON number, exactly as written (`0.35`, never 0.35000000000000003). */
const bareNumber = (decimal: string) => decimal;

async function paramsOf(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (req.method === 'POST') {
    const body = (await readBody(req)).toString('utf8');
    for (const [name, value] of new URLSearchParams(body)) params[name] ??= value;
  }
  return params;
}

function statusAnswer(activation: StandInActivation): string {
  const newest = activation.sms.at(-1);
  const code = newest ? (newest.code ?? newest.text) : '';
  switch (activation.status) {
    case 'waiting':
      return 'STATUS_WAIT_CODE';
    case 'received':
    case 'finished':
      // After setStatus 3 the buyer waits for a newer SMS; the one it has still shows, as the protocol's STATUS_WAIT_RETRY.
      return activation.retryAfter !== undefined && activation.sms.length <= activation.retryAfter ? `STATUS_WAIT_RETRY:${code}` : `STATUS_OK:${code}`;
    default:
      return 'STATUS_CANCEL';
  }
}

export async function smsActivateWire(req: IncomingMessage, res: ServerResponse, route: string, url: URL, account: StandInAccount): Promise<boolean> {
  if (route !== '/stubs/handler_api.php' || (req.method !== 'GET' && req.method !== 'POST')) return false;
  const params = await paramsOf(req, url);
  const { state } = account;
  if (!params.api_key) return text(res, 'NO_KEY');
  if (params.api_key !== state.key) return text(res, 'BAD_KEY');
  switch (params.action) {
    case 'getBalance':
      return text(res, `ACCESS_BALANCE:${state.balance}`);
    case 'getPrices': {
      const tree: Record<string, Record<string, { cost: string; count: number }>> = {};
      for (const line of account.offers()) {
        if (params.country && params.country !== line.country) continue;
        if (params.service && params.service !== line.service) continue;
        const services = (tree[line.country] ??= {});
        services[line.service] = { cost: line.price, count: (services[line.service]?.count ?? 0) + line.count };
      }
      const body = Object.entries(tree)
        .map(
          ([country, services]) =>
            `${JSON.stringify(country)}:{${Object.entries(services)
              .map(([service, { cost, count }]) => `${JSON.stringify(service)}:{"cost":${bareNumber(cost)},"count":${count}}`)
              .join(',')}}`,
        )
        .join(',');
      return json(res, `{${body}}`);
    }
    case 'getNumber':
    case 'getNumberV2': {
      if (!params.service) return text(res, 'BAD_SERVICE');
      const outcome = account.buy({
        country: params.country || '0',
        service: params.service,
        operator: params.operator || 'any',
        ...(params.maxPrice ? { maxPrice: params.maxPrice } : {}),
      });
      if ('refused' in outcome) {
        if (outcome.refused === 'too-expensive') return text(res, `WRONG_MAX_PRICE:${outcome.minPrice}`);
        if (outcome.refused === 'no-balance') return text(res, 'NO_BALANCE');
        if (outcome.refused === 'unknown-service') return text(res, 'BAD_SERVICE');
        return text(res, 'NO_NUMBERS');
      }
      const bought = outcome.bought;
      if (params.action === 'getNumber') return text(res, `ACCESS_NUMBER:${bought.id}:${bought.phone}`);
      return json(
        res,
        `{"activationId":${bought.id},"phoneNumber":${JSON.stringify(bought.phone)},"activationCost":${bareNumber(bought.price)},"countryCode":${JSON.stringify(bought.country)},"canGetAnotherSms":true,"activationTime":${JSON.stringify(protocolTime(bought.createdAt))},"activationOperator":${JSON.stringify(bought.operator)}}`,
      );
    }
    case 'getStatus': {
      const activation = params.id ? account.find(params.id) : undefined;
      return text(res, activation ? statusAnswer(activation) : 'NO_ACTIVATION');
    }
    case 'setStatus': {
      const activation = params.id ? account.find(params.id) : undefined;
      if (!activation) return text(res, 'NO_ACTIVATION');
      if (params.status === '1') return text(res, activation.status === 'waiting' ? 'ACCESS_READY' : 'BAD_STATUS');
      if (params.status === '3') {
        if (activation.status !== 'received') return text(res, 'BAD_STATUS');
        activation.retryAfter = activation.sms.length;
        return text(res, 'ACCESS_RETRY_GET');
      }
      if (params.status !== '6' && params.status !== '8') return text(res, 'BAD_STATUS');
      const outcome = account.end(activation.id, params.status === '6' ? 'finish' : 'cancel');
      if ('refused' in outcome) return text(res, 'BAD_STATUS');
      return text(res, params.status === '6' ? 'ACCESS_ACTIVATION' : 'ACCESS_CANCEL');
    }
    default:
      return text(res, 'BAD_ACTION');
  }
}

/** An SMS-Activate-protocol upstream on `basePath` (its base URL: `<origin><basePath>`). */
export const createSmsActivateStandIn = (options: StandInOptions & { basePath: string }): UpstreamStandIn =>
  createUpstreamStandIn('sms-activate', smsActivateWire, options);

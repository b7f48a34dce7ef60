import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendHtml, sendJson } from '../http';
import { renderUpstreamPage } from './page';
import {
  codeInText,
  decimalOfUnits,
  defaultSwitches,
  unitsOf,
  type StandInActivation,
  type StandInSms,
  type StockLine,
  type UpstreamStandInKind,
  type UpstreamStandInState,
} from './state';

/**
 * The account side every upstream stand-in shares, whatever protocol it speaks: stock, a balance
 * that a purchase debits and a cancel refunds, activations and their SMS, switches. The wires
 * (sms-activate.ts, fivesim.ts) translate their protocol to these operations.
 */

export interface StandInOptions {
  name: string;
  key: string;
  currency: 'USD' | 'RUB';
  balance: string;
  stock: StockLine[];
  /** The first activation id (ids then count up). */
  firstActivationId?: number;
  log?: (line: string) => void;
}

export type BuyOutcome =
  | { bought: StandInActivation }
  | { refused: 'unknown-service' | 'unknown-country' | 'no-numbers' | 'no-balance' }
  | { refused: 'too-expensive'; minPrice: string };

export type EndOutcome = { ended: StandInActivation; again: boolean } | { refused: 'not-found' | 'has-sms' | 'no-sms' | 'already-ended' };

export interface StandInAccount {
  state: UpstreamStandInState;
  /** Stock lines as sold now (none while out of stock). */
  offers(): StockLine[];
  buy(request: { country: string; service: string; operator: string; maxPrice?: string }): BuyOutcome;
  end(id: string, how: 'cancel' | 'finish' | 'ban'): EndOutcome;
  find(id: string): StandInActivation | undefined;
  deliverSms(id: string, text: string, from?: string): StandInSms;
}

export function createStandInAccount(kind: UpstreamStandInKind, options: StandInOptions): StandInAccount {
  const log = options.log ?? (() => undefined);
  let nextId = options.firstActivationId ?? 3_100_000_001;
  let nextPhone = 0;
  const state: UpstreamStandInState = {
    kind,
    name: options.name,
    key: options.key,
    currency: options.currency,
    balance: decimalOfUnits(unitsOf(options.balance) ?? 0),
    stock: options.stock.map((line) => ({ ...line })),
    activations: [],
    switches: defaultSwitches(),
  };
  const balanceUnits = () => unitsOf(state.balance) ?? 0;
  const setBalance = (units: number) => (state.balance = decimalOfUnits(units));

  const offers = () => (state.switches.outOfStock ? state.stock.map((line) => ({ ...line, count: 0 })) : state.stock);

  function buy(request: { country: string; service: string; operator: string; maxPrice?: string }): BuyOutcome {
    if (!state.stock.some((line) => line.service === request.service)) return { refused: 'unknown-service' };
    if (!state.stock.some((line) => line.country === request.country)) return { refused: 'unknown-country' };
    const lines = offers()
      .filter(
        (line) => line.country === request.country && line.service === request.service && (request.operator === 'any' || line.operator === request.operator),
      )
      .filter((line) => line.count > 0)
      .sort((a, b) => unitsOf(a.price)! - unitsOf(b.price)!);
    const line = lines[0];
    if (!line) return { refused: 'no-numbers' };
    const price = unitsOf(line.price)!;
    if (request.maxPrice !== undefined) {
      const max = unitsOf(request.maxPrice);
      if (max === undefined || max < price) return { refused: 'too-expensive', minPrice: decimalOfUnits(price) };
    }
    if (balanceUnits() < price) return { refused: 'no-balance' };
    setBalance(balanceUnits() - price);
    line.count--;
    const subscriber = String(++nextPhone % 10_000).padStart(4, '0');
    const activation: StandInActivation = {
      id: String(nextId++),
      country: line.country,
      service: line.service,
      operator: line.operator,
      phone: `${line.numberPrefix}${subscriber}`,
      price: decimalOfUnits(price),
      ...(request.maxPrice === undefined ? {} : { maxPrice: request.maxPrice }),
      status: 'waiting',
      sms: [],
      createdAt: new Date().toISOString(),
      refunded: false,
    };
    state.activations.unshift(activation);
    log(
      `upstream ${state.name}: activation ${activation.id}: +${activation.phone} for ${line.service} in ${line.country} (${activation.price} ${state.currency})`,
    );
    return { bought: activation };
  }

  const find = (id: string) => state.activations.find((a) => a.id === id);

  function end(id: string, how: 'cancel' | 'finish' | 'ban'): EndOutcome {
    const activation = find(id);
    if (!activation) return { refused: 'not-found' };
    const target = how === 'finish' ? 'finished' : how === 'ban' ? 'banned' : 'cancelled';
    if (activation.status === target) return { ended: activation, again: true };
    if (activation.status !== 'waiting' && activation.status !== 'received') return { refused: 'already-ended' };
    if (how === 'finish' && activation.sms.length === 0) return { refused: 'no-sms' };
    if (how !== 'finish' && activation.sms.length > 0) return { refused: 'has-sms' };
    activation.status = target;
    activation.endedAt = new Date().toISOString();
    if (how !== 'finish') {
      const line = state.stock.find((l) => l.country === activation.country && l.service === activation.service && l.operator === activation.operator);
      if (line) line.count++;
      if (!state.switches.keepMoneyOnCancel) {
        setBalance(balanceUnits() + unitsOf(activation.price)!);
        activation.refunded = true;
      }
    }
    log(`upstream ${state.name}: activation ${id} ${target}${activation.refunded ? ' (refunded)' : ''}`);
    return { ended: activation, again: false };
  }

  function deliverSms(id: string, text: string, from = 'Service'): StandInSms {
    const activation = find(id);
    if (!activation) throw new Error(`No activation ${id} at ${state.name}`);
    if (activation.status !== 'waiting' && activation.status !== 'received') throw new Error(`Activation ${id} is ${activation.status}: it takes no SMS`);
    const sms: StandInSms = { receivedAt: new Date().toISOString(), from, text, code: codeInText(text) };
    activation.sms.push(sms);
    activation.status = 'received';
    log(`upstream ${state.name}: SMS for activation ${id} from ${from}`);
    return sms;
  }

  return { state, offers, buy, end, find, deliverSms };
}

/** A protocol's side of a stand-in: answers one request below `<base>` (false when the path is none of its). */
export type Wire = (req: IncomingMessage, res: ServerResponse, route: string, url: URL, account: StandInAccount) => Promise<boolean>;

export interface UpstreamStandIn {
  kind: UpstreamStandInKind;
  name: string;
  /** Where it is mounted (`/_local/upstream/5sim/fivesim-demo`): its protocol's base URL path. */
  basePath: string;
  state: UpstreamStandInState;
  /** Serves `<basePath>` and below; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** An SMS for one of its activations (read by the buyer through the protocol's status). */
  deliverSms(activationId: string, text: string, from?: string): StandInSms;
  stop(): Promise<void>;
}

/** A form's or a JSON body's fields, and whether to answer JSON. */
async function fieldsOf(req: IncomingMessage): Promise<{ fields: Record<string, unknown>; json: boolean }> {
  const text = (await readBody(req)).toString('utf8');
  if (req.headers['content-type']?.includes('application/json')) {
    try {
      const parsed = JSON.parse(text || '{}') as unknown;
      return { fields: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}, json: true };
    } catch {
      return { fields: {}, json: true };
    }
  }
  return { fields: Object.fromEntries(new URLSearchParams(text)), json: false };
}

/** A stand-in on `basePath`: its page and controls, and its protocol (with the switches applied). */
export function createUpstreamStandIn(kind: UpstreamStandInKind, wire: Wire, options: StandInOptions & { basePath: string }): UpstreamStandIn {
  const account = createStandInAccount(kind, options);
  const { state } = account;
  const base = options.basePath.replace(/\/$/, '');
  const waits = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        waits.delete(done);
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timers.add(timer);
      waits.add(done);
    });

  const back = (res: ServerResponse) => res.writeHead(303, { location: base, 'cache-control': 'no-store' }).end();
  const done = (res: ServerResponse, json: boolean, body: unknown) => (json ? sendJson(res, 200, body) : back(res));

  async function controls(req: IncomingMessage, res: ServerResponse, route: string): Promise<boolean> {
    if (route === '' && req.method === 'GET') {
      // Locally the page is asked at the cloud's own origin: it shows the base URL a client would be given.
      const host = typeof req.headers.host === 'string' && /^[\w.:[\]-]+$/.test(req.headers.host) ? `http://${req.headers.host}` : '';
      sendHtml(res, 200, renderUpstreamPage(state, base, host));
      return true;
    }
    if (route === '/state.json' && req.method === 'GET') {
      sendJson(res, 200, state, { 'cache-control': 'no-store' });
      return true;
    }
    if (route === '/_sms' && req.method === 'POST') {
      const { fields, json } = await fieldsOf(req);
      const { activationId, text, from } = fields;
      if (typeof activationId !== 'string' || typeof text !== 'string' || !text.trim()) {
        sendJson(res, 400, { message: 'Send activationId and text' });
        return true;
      }
      try {
        done(res, json, account.deliverSms(activationId.trim(), text, typeof from === 'string' && from.trim() ? from.trim() : undefined));
      } catch (error) {
        sendJson(res, 400, { message: error instanceof Error ? error.message : String(error) });
      }
      return true;
    }
    if (route === '/_switches' && req.method === 'POST') {
      const { fields, json } = await fieldsOf(req);
      const flag = (value: unknown) => value === true || value === 'on' || value === 'true';
      const slowMs = Number(fields.slowMs ?? 0);
      state.switches = {
        slowMs: Number.isFinite(slowMs) && slowMs >= 0 ? Math.min(slowMs, 120_000) : 0,
        outOfStock: flag(fields.outOfStock),
        fail: fields.fail === 'http500' || fields.fail === 'garbage' ? fields.fail : 'none',
        keepMoneyOnCancel: flag(fields.keepMoneyOnCancel),
      };
      done(res, json, state.switches);
      return true;
    }
    if (route === '/_balance' && req.method === 'POST') {
      const { fields, json } = await fieldsOf(req);
      const units = typeof fields.balance === 'string' ? unitsOf(fields.balance) : undefined;
      if (units === undefined) {
        sendJson(res, 400, { message: 'Send balance as a decimal' });
        return true;
      }
      state.balance = decimalOfUnits(units);
      done(res, json, { balance: state.balance });
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.replace(/\/$/, '');
    if (path !== base && !path.startsWith(`${base}/`)) return false;
    const route = path.slice(base.length);
    if (route === '' || route.startsWith('/_') || route === '/state.json') {
      if (await controls(req, res, route)) return true;
      sendJson(res, 404, { message: 'Not found' });
      return true;
    }
    if (state.switches.slowMs > 0) await pause(state.switches.slowMs);
    if (state.switches.fail === 'http500') {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
      return true;
    }
    if (state.switches.fail === 'garbage') {
      sendHtml(res, 200, '<html><body><h1>Maintenance</h1><p>Back soon.</p></body></html>');
      return true;
    }
    if (await wire(req, res, route, url, account)) return true;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
    return true;
  }

  async function stop(): Promise<void> {
    for (const wake of [...waits]) wake();
  }

  return { kind, name: state.name, basePath: base, state, handle, deliverSms: account.deliverSms, stop };
}

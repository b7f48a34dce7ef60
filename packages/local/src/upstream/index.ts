import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http';
import { createFiveSimStandIn } from './fivesim';
import { createSmsActivateStandIn } from './sms-activate';
import type { StandInOptions, UpstreamStandIn } from './stand-in';
import type { StockLine, UpstreamStandInKind } from './state';

/**
 * Stand-ins of upstream providers whose Temporary activations the platform resells: one speaking
 * the SMS-Activate protocol, one 5sim's v1 API, each with its own stock, balance, activations and
 * switches, mounted by the local cloud at `/_local/upstream/<kind>/<name>` (that is each one's base
 * URL) and listed at `/_local/upstream.json`. They are not registered as upstreams in our data.
 */

export { createFiveSimStandIn } from './fivesim';
export { createSmsActivateStandIn } from './sms-activate';
export type { StandInOptions, UpstreamStandIn } from './stand-in';
export type { StandInActivation, StandInSms, StockLine, UpstreamStandInKind, UpstreamStandInState, UpstreamSwitches } from './state';

/** Where the local cloud mounts them. */
export const upstreamsPath = '/_local/upstream';

export const upstreamBasePath = (kind: UpstreamStandInKind, name: string) => `${upstreamsPath}/${kind}/${name}`;

/** A stand-in of the kind asked for. */
export const createUpstreamStandInOf = (kind: UpstreamStandInKind, options: StandInOptions & { basePath?: string }): UpstreamStandIn =>
  (kind === '5sim' ? createFiveSimStandIn : createSmsActivateStandIn)({ ...options, basePath: options.basePath ?? upstreamBasePath(kind, options.name) });

/** The SMS-Activate-protocol demo (in dollars, like HeroSMS): United States and United Kingdom numbers. */
export const demoSmsActivateStock: StockLine[] = [
  { country: '187', service: 'tg', operator: 'any', price: '0.35', count: 25, numberPrefix: '1201555' },
  { country: '187', service: 'wa', operator: 'any', price: '0.60', count: 12, numberPrefix: '1312555' },
  { country: '187', service: 'go', operator: 'any', price: '0.25', count: 30, numberPrefix: '1415555' },
  { country: '16', service: 'tg', operator: 'any', price: '0.45', count: 10, numberPrefix: '44770090' },
  { country: '16', service: 'wa', operator: 'any', price: '0.80', count: 6, numberPrefix: '44770091' },
  { country: '43', service: 'tg', operator: 'any', price: '0.55', count: 8, numberPrefix: '491765550' },
];

/** The 5sim demo (in roubles, like 5sim): the same countries by name, services by product, operators apart. */
export const demoFiveSimStock: StockLine[] = [
  { country: 'usa', service: 'telegram', operator: 'virtual12', price: '28.00', count: 40, numberPrefix: '1646555' },
  { country: 'usa', service: 'whatsapp', operator: 'virtual12', price: '52.50', count: 15, numberPrefix: '1917555' },
  { country: 'england', service: 'telegram', operator: 'virtual21', price: '36.00', count: 20, numberPrefix: '44740090' },
  { country: 'england', service: 'telegram', operator: 'vodafone', price: '44.00', count: 5, numberPrefix: '44791190' },
  { country: 'england', service: 'google', operator: 'virtual21', price: '18.75', count: 25, numberPrefix: '44789090' },
  { country: 'russia', service: 'telegram', operator: 'beeline', price: '24.00', count: 50, numberPrefix: '7916555' },
];

export const demoUpstreams: Array<{ kind: UpstreamStandInKind } & StandInOptions> = [
  { kind: 'sms-activate', name: 'herosms-demo', key: 'herosms-demo-key', currency: 'USD', balance: '25.00', stock: demoSmsActivateStock },
  { kind: '5sim', name: 'fivesim-demo', key: 'fivesim-demo-key', currency: 'RUB', balance: '2500.00', stock: demoFiveSimStock, firstActivationId: 512_000_001 },
];

export interface UpstreamStandIns {
  list: UpstreamStandIn[];
  /** Serves `/_local/upstream.json` and every stand-in below `/_local/upstream/`; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  stop(): Promise<void>;
}

/** The local cloud's stand-ins (the two demos unless told otherwise). */
export function createUpstreamStandIns(options: { log?: (line: string) => void; upstreams?: typeof demoUpstreams } = {}): UpstreamStandIns {
  const list = (options.upstreams ?? demoUpstreams).map(({ kind, ...standIn }) => createUpstreamStandInOf(kind, { ...standIn, log: options.log }));
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === `${upstreamsPath}.json` && req.method === 'GET') {
      sendJson(
        res,
        200,
        list.map(({ kind, name, basePath, state }) => ({ kind, name, basePath, key: state.key, currency: state.currency })),
        { 'cache-control': 'no-store' },
      );
      return true;
    }
    if (!url.pathname.startsWith(`${upstreamsPath}/`)) return false;
    for (const standIn of list) if (await standIn.handle(req, res, url)) return true;
    return false;
  }
  return { list, handle, stop: async () => void (await Promise.all(list.map((standIn) => standIn.stop()))) };
}

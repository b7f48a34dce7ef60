import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendHtml, sendJson } from '../http';
import { renderSimBankPage } from './page';
import {
  defaultServices,
  defaultSims,
  finishNames,
  maxIssuesWhenCancelled,
  type BankSms,
  type FinishStatus,
  type SimBankState,
  type SimCard,
  type SimState,
} from './state';
import { acceptsGzip, bare, bodyText, gzipBytes, numberText, parseObject, postGzippedJson, ulongText, writeJson } from './wire';

/**
 * A stand-in of a partner's SIM bank: an agent of the SMSHub agent protocol (version of 6 March
 * 2024), as a partner would run one. It speaks only the protocol to the platform:
 * - `POST <base>/agent`, the URL the platform is given: GET_SERVICES, GET_NUMBER, FINISH_ACTIVATION,
 *   gzipped or plain, answered gzipped when the request accepts gzip; every request must carry its key;
 * - PUSH_SMS out: each SMS one of its SIMs receives (`deliverSms`, or the page's form) is posted to
 *   `<platformUrl>/api/agents/sms`, again every `pushRetryMs` (10 s) until the platform answers SUCCESS;
 * - `GET <base>` a page (its SIMs, activations, SMS, a form to send one, the switches),
 *   `GET <base>/state.json` the same for tests, `POST <base>/configure` its platform URL and key.
 * It imports nothing of the platform. Each instance has its own SIMs, state and switches.
 */

export { defaultServices, defaultSims, type BankActivation, type BankSms, type SimBankState, type SimBankSwitches, type SimCard, type SimState } from './state';

/** Where the local cloud mounts its SIM bank. */
export const simBankPath = '/_local/simbank';
/** The User-Agent of its PUSH_SMS requests. */
export const simBankUserAgent = 'NumberNest-Local-SimBank/1.0 (stand-in of a partner SIM bank)';

/** How a SIM bank is made (every field has a default). */
export interface SimBankOptions {
  sims?: SimCard[];
  services?: string[];
  /** The platform's origin; PUSH_SMS goes to `<platformUrl>/api/agents/sms`. */
  platformUrl?: string;
  /** The protocol key the platform gave this agent; until it is set every request is answered ERROR. */
  key?: string;
  /** Between two pushes of an SMS the platform has not taken (the protocol says 10 s). */
  pushRetryMs?: number;
  /** One push's own time limit. */
  pushTimeoutMs?: number;
  /** The first activation id: large (over 2^53) so the platform must keep every digit. */
  firstActivationId?: bigint;
  firstSmsId?: bigint;
  /** Where its pages and agent endpoint live (`/_local/simbank`). */
  basePath?: string;
  log?: (line: string) => void;
}

/** A running SIM bank: mount `handle` on an HTTP server. */
export interface SimBank {
  /** Serves `<basePath>` and below; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** The platform it pushes SMS to and the key it expects (and sends). */
  configure(settings: { platformUrl?: string; key?: string | null }): void;
  /** An SMS one of its SIMs received: stored and pushed to the platform (retried until SUCCESS). */
  deliverSms(sms: { sim: string; from: string; text: string }): BankSms;
  /** Its live state: SIMs, activations, SMS, and the switches (tests may set them directly). */
  state: SimBankState;
  /** Stops retries and pending replies. */
  stop(): Promise<void>;
}

type AgentReply = Record<string, unknown>;
const refuse = (error: string): AgentReply => ({ status: 'ERROR', error });

const digitsOf = (phone: string) => phone.replace(/[\s+()-]/g, '');

/** A SIM bank of its own (SIMs, activations, SMS, switches); nothing is shared between two. */
export function createSimBank(options: SimBankOptions = {}): SimBank {
  const base = options.basePath ?? simBankPath;
  const log = options.log ?? (() => undefined);
  const pushRetryMs = options.pushRetryMs ?? 10_000;
  const pushTimeoutMs = options.pushTimeoutMs ?? 10_000;
  let nextActivationId = options.firstActivationId ?? 10n ** 18n + 1n;
  let nextSmsId = options.firstSmsId ?? 2n * 10n ** 18n + 1n;
  const state: SimBankState = {
    platformUrl: options.platformUrl?.replace(/\/$/, '') ?? null,
    key: options.key ?? null,
    services: [...(options.services ?? defaultServices)],
    sims: (options.sims ?? defaultSims).map((sim) => ({
      ...sim,
      phone: digitsOf(sim.phone),
      activationId: null,
      soldFor: [],
      notOfferedFor: [],
      cancelledFor: {},
    })),
    activations: [],
    smses: [],
    switches: { slowMs: 0, overReport: false, drop: false, pushFails: false },
  };
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const waits = new Set<() => void>();
  const pushes = new Set<AbortController>();

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  /** A pause that stop() cuts short. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        waits.delete(done);
        resolve();
      };
      waits.add(done);
      later(ms, done);
    });

  const freeFor = (sim: SimState, service: string) =>
    sim.activationId === null &&
    state.services.includes(service) &&
    !sim.soldFor.includes(service) &&
    !sim.notOfferedFor.includes(service) &&
    (sim.cancelledFor[service] ?? 0) < maxIssuesWhenCancelled;

  function getServices(): AgentReply {
    const factor = state.switches.overReport ? 10 : 1;
    const countries = new Map<string, Record<string, Record<string, number>>>();
    for (const sim of state.sims) {
      const operators = countries.get(sim.country) ?? {};
      countries.set(sim.country, operators);
      const counts = (operators[sim.operator] ??= Object.fromEntries(state.services.map((service) => [service, 0])));
      // Over-reporting counts every SIM, busy or not: stock it does not have.
      for (const service of state.services) if (state.switches.overReport || freeFor(sim, service)) counts[service] = (counts[service] ?? 0) + factor;
    }
    return { countryList: [...countries].map(([country, operatorMap]) => ({ country, operatorMap })), status: 'SUCCESS' };
  }

  function getNumber(body: Record<string, unknown>): AgentReply {
    const { country, service, operator, exceptionPhoneSet } = body;
    for (const [name, value] of Object.entries({ country, service, operator })) if (typeof value !== 'string') return refuse(`${name} must be a string`);
    const sum = numberText(body.sum);
    if (sum === undefined || !/^\d+(\.\d{1,4})?$/.test(sum)) return refuse('sum must be a JSON number with at most 4 decimals');
    const currency = numberText(body.currency);
    if (currency !== '643' && currency !== '840') return refuse('currency must be the JSON number 643 or 840');
    if (exceptionPhoneSet !== undefined && !(Array.isArray(exceptionPhoneSet) && exceptionPhoneSet.every((p) => typeof p === 'string'))) {
      return refuse('exceptionPhoneSet must be an array of strings');
    }
    const excepted = (exceptionPhoneSet as string[] | undefined) ?? [];
    const sim = state.sims.find(
      (s) =>
        s.country === country &&
        (operator === 'any' || s.operator === operator) &&
        freeFor(s, service as string) &&
        !excepted.some((prefix) => prefix !== '' && s.phone.startsWith(prefix)),
    );
    if (!sim) return { status: 'NO_NUMBERS' };
    const activationId = String(nextActivationId++);
    sim.activationId = activationId;
    state.activations.unshift({
      activationId,
      phone: sim.phone,
      country: sim.country,
      operator: sim.operator,
      service: service as string,
      sum,
      currency: Number(currency),
      createdAt: new Date().toISOString(),
      status: 'active',
      finishRequests: 0,
    });
    log(`simbank: activation ${activationId}: ${sim.phone} for ${service as string} (${sum} in ${currency})`);
    return { number: bare(sim.phone), activationId: bare(activationId), status: 'SUCCESS' };
  }

  function finishActivation(body: Record<string, unknown>): AgentReply {
    const activationId = ulongText(body.activationId);
    if (activationId === undefined) return refuse('activationId must be a JSON number (Ulong)');
    const status = Number(numberText(body.status));
    if (![1, 3, 4, 5].includes(status)) return refuse('status must be the JSON number 1, 3, 4 or 5');
    const activation = state.activations.find((a) => a.activationId === activationId);
    if (!activation) return refuse(`Unknown activation ${activationId}`);
    activation.finishRequests++;
    if (activation.status === 'finished') return { status: 'SUCCESS' }; // a repeat: the first finish stands
    const finish = status as FinishStatus;
    activation.status = 'finished';
    activation.finish = finish;
    activation.finishedAt = new Date().toISOString();
    const sim = state.sims.find((s) => s.phone === activation.phone);
    if (sim) {
      if (sim.activationId === activationId) sim.activationId = null;
      const service = activation.service;
      if (finish === 3) sim.soldFor.push(service);
      else if (finish === 1) sim.notOfferedFor.push(service);
      else sim.cancelledFor[service] = (sim.cancelledFor[service] ?? 0) + 1;
    }
    log(`simbank: activation ${activationId} finished: ${finishNames[finish]}`);
    return { status: 'SUCCESS' };
  }

  function answer(body: Record<string, unknown> | undefined): AgentReply {
    if (!body) return refuse('The body is not a JSON object');
    if (state.key === null) return refuse('This SIM bank has no key yet');
    if (body.key !== state.key) return refuse('Wrong key');
    switch (body.action) {
      case 'GET_SERVICES':
        return getServices();
      case 'GET_NUMBER':
        return getNumber(body);
      case 'FINISH_ACTIVATION':
        return finishActivation(body);
      default:
        return refuse(`Unknown action ${typeof body.action === 'string' ? body.action : String(body.action)}`);
    }
  }

  async function serveAgent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (state.switches.slowMs > 0) await pause(state.switches.slowMs);
    if (state.switches.drop) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Service Unavailable');
      return;
    }
    let text: string | undefined;
    try {
      text = await bodyText(raw, req.headers['content-encoding']);
    } catch {
      text = undefined;
    }
    const reply = text === undefined ? refuse('The body is not valid gzip') : answer(parseObject(text));
    const json = writeJson(reply);
    const zipped = acceptsGzip(req.headers['accept-encoding']);
    const bytes = zipped ? await gzipBytes(Buffer.from(json, 'utf8')) : Buffer.from(json, 'utf8');
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.length,
      ...(zipped ? { 'content-encoding': 'gzip' } : {}),
      vary: 'Accept-Encoding',
    });
    res.end(bytes);
  }

  async function push(sms: BankSms): Promise<void> {
    if (stopped || sms.delivered) return;
    const retry = () => later(pushRetryMs, () => void push(sms));
    if (!state.platformUrl || state.key === null) {
      sms.lastOutcome = 'Not pushed: no platform URL or key yet';
      return retry();
    }
    sms.attempts++;
    sms.lastAttemptAt = new Date().toISOString();
    const abort = new AbortController();
    pushes.add(abort);
    try {
      const json = writeJson({ action: 'PUSH_SMS', key: state.key, smsId: bare(sms.smsId), phone: bare(sms.phone), phoneFrom: sms.phoneFrom, text: sms.text });
      const answered = await postGzippedJson(`${state.platformUrl}/api/agents/sms`, json, {
        userAgent: simBankUserAgent,
        timeoutMs: pushTimeoutMs,
        signal: abort.signal,
      });
      const status = answered.status === 200 ? parseObject(answered.text)?.status : undefined;
      if (status === 'SUCCESS' && !state.switches.pushFails) {
        sms.delivered = true;
        sms.deliveredAt = new Date().toISOString();
        sms.lastOutcome = 'SUCCESS';
        log(`simbank: SMS ${sms.smsId} to ${sms.phone} taken by the platform (attempt ${sms.attempts})`);
        return;
      }
      sms.lastOutcome = status === 'SUCCESS' ? 'SUCCESS, taken as lost (pushFails)' : `HTTP ${answered.status}: ${answered.text.slice(0, 200)}`;
    } catch (error) {
      sms.lastOutcome = `Failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      pushes.delete(abort);
    }
    if (!stopped) retry();
  }

  function deliverSms(input: { sim: string; from: string; text: string }): BankSms {
    const phone = digitsOf(input.sim);
    if (!state.sims.some((sim) => sim.phone === phone)) throw new Error(`No SIM ${input.sim} in this bank`);
    const sms: BankSms = {
      smsId: String(nextSmsId++),
      phone,
      phoneFrom: input.from,
      text: input.text,
      receivedAt: new Date().toISOString(),
      attempts: 0,
      delivered: false,
    };
    state.smses.unshift(sms);
    log(`simbank: SMS ${sms.smsId} from ${sms.phoneFrom} to ${phone}`);
    void push(sms);
    return sms;
  }

  function configure(settings: { platformUrl?: string; key?: string | null }): void {
    if (settings.platformUrl !== undefined) state.platformUrl = settings.platformUrl.replace(/\/$/, '');
    if (settings.key !== undefined) state.key = settings.key;
  }

  /** A form's or a JSON body's fields, and whether to answer JSON. */
  async function fieldsOf(req: IncomingMessage): Promise<{ fields: Record<string, unknown>; json: boolean }> {
    const text = (await readBody(req)).toString('utf8');
    if (req.headers['content-type']?.includes('application/json')) {
      try {
        return { fields: (JSON.parse(text || '{}') as Record<string, unknown>) ?? {}, json: true };
      } catch {
        return { fields: {}, json: true };
      }
    }
    return { fields: Object.fromEntries(new URLSearchParams(text)), json: false };
  }

  const back = (res: ServerResponse) => res.writeHead(303, { location: base, 'cache-control': 'no-store' }).end();
  const done = (res: ServerResponse, json: boolean, body: unknown, status = 200) => (json ? sendJson(res, status, body) : back(res));

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.replace(/\/$/, '');
    if (path !== base && !path.startsWith(`${base}/`)) return false;
    const route = path.slice(base.length);
    if (route === '/agent' && req.method === 'POST') return serveAgent(req, res).then(() => true);
    if (route === '' && req.method === 'GET') {
      sendHtml(res, 200, renderSimBankPage(state, base));
      return true;
    }
    if (route === '/state.json' && req.method === 'GET') {
      sendJson(res, 200, state, { 'cache-control': 'no-store' });
      return true;
    }
    if (route === '/sms' && req.method === 'POST') {
      const { fields, json } = await fieldsOf(req);
      const { sim, from, text } = fields;
      if (typeof sim !== 'string' || typeof from !== 'string' || typeof text !== 'string' || !from.trim()) {
        sendJson(res, 400, { message: 'Send sim, from and text' });
        return true;
      }
      try {
        done(res, json, deliverSms({ sim, from, text }));
      } catch (error) {
        sendJson(res, 400, { message: error instanceof Error ? error.message : String(error) });
      }
      return true;
    }
    if (route === '/switches' && req.method === 'POST') {
      const { fields, json } = await fieldsOf(req);
      const flag = (value: unknown) => value === true || value === 'on' || value === 'true';
      const slowMs = Number(fields.slowMs ?? 0);
      state.switches = {
        slowMs: Number.isFinite(slowMs) && slowMs >= 0 ? Math.min(slowMs, 120_000) : 0,
        overReport: flag(fields.overReport),
        drop: flag(fields.drop),
        pushFails: flag(fields.pushFails),
      };
      done(res, json, state.switches);
      return true;
    }
    if (route === '/configure' && req.method === 'POST') {
      const { fields, json } = await fieldsOf(req);
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
      // A JSON `key: null` forgets the key (the bank answers ERROR again until it gets one).
      configure({ platformUrl: text(fields.platformUrl), key: fields.key === null ? null : text(fields.key) });
      done(res, json, { platformUrl: state.platformUrl, key: state.key });
      return true;
    }
    sendJson(res, 404, { message: 'Not found' });
    return true;
  }

  async function stop(): Promise<void> {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const abort of pushes) abort.abort();
    for (const wake of [...waits]) wake();
  }

  return { handle, configure, deliverSms, state, stop };
}

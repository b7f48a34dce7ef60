import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { routes } from '@numbernest/functions/routes';
import { cognitoTriggers } from '@numbernest/functions/triggers';
import { EmailVerification } from './cognito/email-verification';
import { ensureUserPool, upgradeSavedPool } from './cognito/pool';
import { createCognitoProxy } from './cognito/proxy';
import { createResendConfirmationCode, ResendsUnderWay } from './cognito/resend-confirmation-code';
import { startCognitoLocal } from './cognito/server';
import { SignOuts } from './cognito/sign-outs';
import { UserPools } from './cognito/user-pools';
import { attachDynamoDbLocal, localCredentials, startDynamoDbLocal } from './dynamodb';
import { applyEnv, handlerEnv } from './env';
import { createAuthorizer, type Authorize } from './gateway/authorize';
import { createGateway } from './gateway/gateway';
import { createWebSocketGateway, managementPath } from './gateway/websocket';
import {
  declaresTooLarge,
  describeError,
  endSocketWithJson,
  malformedTarget,
  PayloadTooLargeError,
  refuseUnreadableRequest,
  requestUrl,
  sendHtml,
  sendJson,
  sendPayloadTooLarge,
} from './http';
import { createLambdaEndpoint } from './lambda';
import { Mailbox, renderMailboxPage } from './mailbox';
import { listen } from './net';
import { startJobTicker } from './jobs';
import { startWebhookQueue } from './webhook-queue';
import { createPaymentSandboxes } from './payments';
import { PushService, pushPath } from './push';
import { seed } from './seed';
import { handleSes, sesPath } from './ses';
import { handleSmsSandbox } from './sms/sandbox';
import { handleWhatsAppStandIn } from './whatsapp/graph-api';
import { createSimBank, simBankPath } from './simbank/bank';
import { createUpstreamStandIns, upstreamsPath } from './upstream';
import { TelegramStandIn, telegramPath } from './telegram';
import { MessengerStandIn } from './messenger/stand-in';
import { messengerPath } from './messenger/settings';
import { ensureTable } from './table';
import { inlineHashes, securityHeaders } from './security-headers';
import { createDistHandler, createViteHandler, serveFileFrom, type RequestHandler, type UpgradeHandler } from './web';

export interface LocalCloudOptions {
  /** The ONE port for a person: web, /api/*, /_local/*. */
  port: number;
  /**
   * The address it listens on: 127.0.0.1 unless given (`HOST=` for npm start). The mailbox's codes
   * and the sandboxes' Pay buttons must not be reachable from the network; `0.0.0.0` opens them.
   */
  host?: string;
  /** On-disk state (.data/ for npm start); undefined = in memory / temp dir (tests). */
  dataDir?: string;
  /** Run @numbernest/core's idempotent seedAll() (over a dataDir: when the table or the seed is new). */
  seed?: boolean;
  /** Serve built web/dist, mount Vite (dev, HMR), or no web app. */
  web?: { mode: 'dist'; dir: string } | { mode: 'vite' } | false;
  /** Internal ports; free ones are picked when not given. */
  dynamoDbPort?: number;
  /**
   * A DynamoDB Local already running (its endpoint), instead of starting one: several clouds then
   * share one emulator, each with its own table (the integration tests' one cloud per worker).
   */
  dynamoDbEndpoint?: string;
  /** The table (`numbernest-local` unless given). */
  tableName?: string;
  cognitoPort?: number;
  log?: (line: string) => void;
}

export interface LocalCloud {
  url: string;
  ports: { http: number; dynamoDb: number; cognito: number };
  /** The handler environment (already on process.env). */
  env: Record<string, string>;
  tableName: string;
  cognito: {
    /** The proxy under the one port: what browsers and handlers use. */
    endpoint: string;
    /** cognito-local itself. */
    directEndpoint: string;
    userPoolId: string;
    clientId: string;
    issuer: string;
  };
  mailbox: Mailbox;
  /** The JWT check of `auth: true` routes. */
  authorize: Authorize;
  /** The HTTP server of the one port (for WebSocket upgrades). */
  server: Server;
  stop(): Promise<void>;
}

export const tableName = 'numbernest-local';
export const defaultHost = '127.0.0.1';
export const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));

/**
 * DynamoDB Local + cognito-local + the gateway serving the route table, behind one HTTP port.
 * The port is taken first, so "port in use" fails in a moment rather than after the emulators.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  let handle: RequestHandler = (req, res) =>
    req.headers.accept?.includes('text/html')
      ? sendHtml(res, 503, '<!doctype html><meta http-equiv="refresh" content="2"><title>Starting…</title><p>NumberNest is starting…</p>')
      : sendJson(res, 503, { message: 'The local cloud is starting' });
  // Nothing a client sends ends the process (and the emulators with it): a target that is no URL path
  // is a 400, a body over API Gateway's quota a 413, and any failure of a handler is logged and a 500.
  const server = createServer((req, res) => {
    const url = requestUrl(req.url);
    if (!url) return sendJson(res, 400, malformedTarget);
    if (declaresTooLarge(req)) return sendPayloadTooLarge(res);
    (async () => handle(req, res, url))().catch((error: unknown) => {
      if (error instanceof PayloadTooLargeError && !res.headersSent) return sendPayloadTooLarge(res);
      log(`${req.method} ${url.pathname} failed: ${describeError(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.end();
    });
  });
  // Expect: 100-continue: a body too large is refused before the client sends it.
  server.on('checkContinue', (req, res) => {
    if (!declaresTooLarge(req)) res.writeContinue();
    server.emit('request', req, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => refuseUnreadableRequest(error, socket, log));
  // Idle connections are kept a minute (an ALB's default), not Node's 5 s: a client that pauses a few
  // seconds (a tab, a benchmark between rounds) reuses its connection; under load a burst of 32 new
  // connections was measured to hold the requests on them back by 200-500 ms.
  server.keepAliveTimeout = 60_000;
  await listen(server, options.port, options.host ?? defaultHost);
  const url = `http://localhost:${options.port}`;
  /** The Cognito proxy: the endpoint for browsers and handlers, and the tokens' issuer domain. */
  const cognitoBase = `${url}/_local/cognito`;
  /** Lambda's Invoke API for cognito-local's triggers; each local function is named after its trigger. */
  const lambdaEndpoint = `http://127.0.0.1:${options.port}/_local/lambda`;

  const mailbox = new Mailbox(dataDir);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    await Promise.allSettled(
      stops
        .splice(0)
        .reverse()
        .map((s) => s()),
    );
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };

  try {
    if (dataDir) upgradeSavedPool(join(dataDir, 'cognito'));
    const [dynamo, cognito] = await startAll(stops, [
      options.dynamoDbEndpoint ? attachDynamoDbLocal(options.dynamoDbEndpoint) : startDynamoDbLocal({ dataDir, port: options.dynamoDbPort, log }),
      startCognitoLocal({
        dir: dataDir && join(dataDir, 'cognito'),
        port: options.cognitoPort,
        issuerDomain: cognitoBase,
        triggers: { functions: Object.fromEntries(Object.keys(cognitoTriggers).map((trigger) => [trigger, trigger])), lambdaEndpoint },
        onLog: (entry) => {
          const mail = mailbox.receiveLog(entry);
          if (mail) log(`Mail to ${mail.to}: ${mail.subject}: ${mail.code}  (${url}/_local/mail)`);
        },
        log,
      }),
    ] as const);
    const cognitoClient = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: 'us-east-1', credentials: localCredentials });
    stops.push(async () => cognitoClient.destroy());
    const pool = await ensureUserPool(cognitoClient, cognito.dir);

    const table = options.tableName ?? tableName;
    // A secret of this run's: only the handlers (and tools given their environment) can sign Cognito's admin calls.
    const credentials = { accessKeyId: 'local', secretAccessKey: randomBytes(24).toString('base64url') };
    const env = handlerEnv({
      url,
      tableName: table,
      ...pool,
      dynamoDbEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognitoBase,
      credentials,
      dataDir,
    });
    applyEnv(env);
    const tableIsNew = await ensureTable(dynamo.client, table);
    if (options.seed) await seed({ dataDir, tableIsNew, log });

    const issuer = `${cognitoBase}/${pool.userPoolId}`;
    const jwks = (await (await fetch(`${cognito.endpoint}/${pool.userPoolId}/.well-known/jwks.json`)).json()) as { keys: unknown[] };
    const authorize = createAuthorizer({ issuer, clientId: pool.clientId, jwks });
    const gateway = createGateway({ routes, authorize, log });
    const userPools = new UserPools(cognitoClient);
    const emailVerification = new EmailVerification(cognitoClient, userPools, log);
    const resendsUnderWay = new ResendsUnderWay();
    const cognitoProxy = createCognitoProxy({
      upstream: cognito.endpoint,
      publicBase: cognitoBase,
      signOuts: new SignOuts(dataDir && join(cognito.dir, 'sign-outs.json')),
      emailVerification,
      resendConfirmationCode: createResendConfirmationCode(cognitoClient, userPools, mailbox, resendsUnderWay),
      credentials,
      users: userPools,
    });
    const lambda = createLambdaEndpoint({
      functions: cognitoTriggers,
      prepareEvent: async (event) => resendsUnderWay.completeTriggerEvent(await emailVerification.completeTriggerEvent(event)),
      log,
    });
    const pageHeaders = siteHeaders();
    const web = await createWebHandler(options.web ?? false, server, stops, pageHeaders);
    const paymentSandboxes = createPaymentSandboxes({ appUrl: url, log });
    const telegram = new TelegramStandIn(url);
    const messenger = new MessengerStandIn(url);
    // A partner's SIM bank (SMSHub agent protocol); its key is set when the platform registers it as an agent.
    const simBank = createSimBank({ platformUrl: url, log });
    stops.push(() => simBank.stop());
    // Upstream providers whose activations are resold (SMS-Activate protocol, 5sim's API): two demos, not registered as upstreams here.
    const upstreams = createUpstreamStandIns({ log });
    stops.push(() => upstreams.stop());
    const pushService = new PushService();
    const webhookQueue = startWebhookQueue(log);
    stops.push(() => webhookQueue.stop());
    const jobs = startJobTicker(log);
    stops.push(async () => {
      // The agents' poller waits between its rounds: a stopping cloud ends the wait rather than sit it out.
      const { stopAgentRounds } = await import('@numbernest/core/supply');
      const { stopUpstreamRounds } = await import('@numbernest/core/messaging');
      stopAgentRounds();
      stopUpstreamRounds();
      await jobs.stop();
    });
    // The WebSocket API (push): upgrades at /_local/ws, its management API at /_local/ws-management.
    const sockets = createWebSocketGateway({ log });
    stops.push(() => sockets.close());
    // The one upgrade listener: every upgrade's target is parsed here first, Vite's HMR included.
    server.on('upgrade', (req, socket, head) => {
      socket.on('error', () => undefined); // a client that goes away while answered
      try {
        const url = requestUrl(req.url);
        if (!url) return endSocketWithJson(socket, 400, malformedTarget);
        if (sockets.handles(url)) return void sockets.upgrade(req, socket, head, url);
        if (web?.upgrade) return web.upgrade(req, socket, head);
        endSocketWithJson(socket, 404, { message: 'Not found', code: 'NOT_FOUND' });
      } catch (error) {
        log(`Upgrade of ${req.url} failed: ${describeError(error)}`);
        socket.destroy();
      }
    });
    const localConfig = {
      region: 'us-east-1',
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: cognitoBase,
      mailbox: `${url}/_local/mail`,
    };

    handle = async (req, res, reqUrl) => {
      const path = reqUrl.pathname;
      // The route table's paths: /api, the SMS-Activate-compatible protocol's own /stubs/handler_api.php, and the
      // 5sim-compatible API's two namespaces (/v1/user/, /v1/guest/: the rest of /v1/ is Stripe's stand-in, below).
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/stubs/') || /^\/v1\/(user|guest)\//.test(path)) return gateway(req, res, reqUrl);
      if (path === '/_local/cognito' || path.startsWith('/_local/cognito/')) {
        return cognitoProxy(req, res, (path.slice('/_local/cognito'.length) || '/') + reqUrl.search);
      }
      if (path.startsWith('/_local/lambda/')) return lambda(req, res, path.slice('/_local/lambda'.length));
      if (path.startsWith(`${managementPath}/`)) return sockets.management(req, res, reqUrl);
      // Payment providers' stand-ins: /_local/<provider>/…, and Stripe's API at /v1/ (its SDK takes a host, not a path).
      if ((path.startsWith('/_local/') || path.startsWith('/v1/')) && (await paymentSandboxes(req, res, reqUrl))) return;
      if (path === '/_local/sms' || path.startsWith('/_local/sms/')) return handleSmsSandbox(req, res, reqUrl, { appUrl: url, log }); // the SMS upstream's stand-in
      if (path === telegramPath || path.startsWith(`${telegramPath}/`)) return telegram.handle(req, res, reqUrl); // the Telegram Bot API's stand-in
      if (path.startsWith(`${sesPath}/`)) return handleSes(req, res, path, mailbox); // SES v2 SendEmail's stand-in
      if (path.startsWith('/_local/whatsapp') && (await handleWhatsAppStandIn(req, res, reqUrl))) return; // WhatsApp's Graph API stand-in
      if (path === messengerPath || path.startsWith(`${messengerPath}/`)) return messenger.handle(req, res, reqUrl); // Messenger's Send API stand-in and a person's chat
      if (path.startsWith(simBankPath) && (await simBank.handle(req, res, reqUrl))) return; // a partner SIM bank's stand-in (SMSHub agent protocol)
      if (path.startsWith(upstreamsPath) && (await upstreams.handle(req, res, reqUrl))) return; // upstream providers' stand-ins (SMS-Activate protocol, 5sim)
      if (path.startsWith(`${pushPath}/`)) return pushService.handle(req, res, path); // a Web Push service's stand-in
      if (path === '/_local/mail.json') return sendJson(res, 200, mailbox.list(reqUrl.searchParams.get('to') ?? undefined), { 'cache-control': 'no-store' });
      if (path === '/_local/mail') return sendHtml(res, 200, renderMailboxPage(mailbox.list()));
      if (path.startsWith('/_local/jobs/') && req.method === 'POST') {
        const result = await jobs.run(path.slice('/_local/jobs/'.length)).catch((error: unknown) => ({ error: String(error) }));
        return sendJson(res, 'error' in (result as object) ? 404 : 200, result);
      }
      // Every mail cognito-local sent for the requests it answered is in the mailbox (a test's "nothing was mailed").
      if (path === '/_local/mail/settled' && req.method === 'POST') return cognito.settled().then(() => sendJson(res, 200, { settled: true }));
      if (path === '/_local/webhook-queue/idle' && req.method === 'POST') return webhookQueue.idle().then(() => sendJson(res, 200, { idle: true }));
      if (path === '/_local/catalogue-cache/expire' && req.method === 'POST') {
        // The cache's time passed at once, so an operator's edit shows without waiting (tests need not sleep it out).
        const { clearReferenceCache } = await import('@numbernest/core/catalogue');
        clearReferenceCache();
        return sendJson(res, 200, { expired: true });
      }
      if (path === '/_local/config.json') return sendJson(res, 200, localConfig, { 'cache-control': 'no-store' });
      if (path.startsWith('/images/') && (await serveFileFrom(join(webRoot, 'public'), req, res, path, pageHeaders))) return;
      if (web) return web.handle(req, res, reqUrl);
      sendJson(res, 404, { message: 'Not found' });
    };

    return {
      url,
      ports: { http: options.port, dynamoDb: dynamo.port, cognito: cognito.port },
      env,
      tableName: table,
      cognito: { endpoint: cognitoBase, directEndpoint: cognito.endpoint, ...pool, issuer },
      mailbox,
      authorize,
      server,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Start parts side by side; every part that did start is registered for stop(), even when
 * another failed (then the first failure is thrown).
 */
async function startAll<T extends readonly Promise<{ stop(): Promise<void> }>[]>(
  stops: Array<() => Promise<void>>,
  starting: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starting);
  for (const part of settled) if (part.status === 'fulfilled') stops.push(() => part.value.stop());
  const failed = settled.find((part) => part.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((part) => (part as PromiseFulfilledResult<unknown>).value) as { [K in keyof T]: Awaited<T[K]> };
}

/**
 * The web app's security headers (security-headers.ts), as the deployed site sends them: everything
 * the browser needs is on this one port, so the CSP names no other origin; http, so no HSTS.
 */
function siteHeaders(): Record<string, string> {
  const template = join(webRoot, 'index.html');
  const hashes = existsSync(template) ? inlineHashes(readFileSync(template, 'utf8')) : { scripts: [], styles: [] };
  return securityHeaders({ hashes, https: false });
}

async function createWebHandler(
  web: NonNullable<LocalCloudOptions['web']>,
  server: Server,
  stops: Array<() => Promise<void>>,
  headers: Record<string, string>,
): Promise<{ handle: RequestHandler; upgrade?: UpgradeHandler } | undefined> {
  if (web === false) return undefined;
  if (web.mode === 'dist') return { handle: createDistHandler(resolve(web.dir), headers) };
  const { 'content-security-policy': _devPagesRunInlineScripts, ...devHeaders } = headers;
  const vite = await createViteHandler(webRoot, server, devHeaders);
  stops.push(() => vite.close());
  return vite;
}

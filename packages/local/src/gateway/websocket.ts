import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Context } from 'aws-lambda';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { socketRoutes, type SocketRouteKey } from '@numbernest/functions/realtime/routes';
import type { SocketEvent } from '@numbernest/functions/realtime/event';
import { describeError, readBody, sendJson } from '../http';
import { isLoopback, sourceIp } from '../net';
import { buildContext } from './event';
import { loadHandler } from './gateway';

/** Where browsers open the socket, and where the management API is (both on the one port). */
export const webSocketPath = '/_local/ws';
export const managementPath = '/_local/ws-management';

/** API Gateway's WebSocket limits: 128 KB per message, 10 minutes idle, 2 hours per connection. */
const maxMessageBytes = 128 * 1024;

type SocketHandler = (event: SocketEvent, context: Context) => Promise<unknown>;

export interface WebSocketGatewayOptions {
  log: (line: string) => void;
  /** How a `file.export` handler spec becomes a function (tests hand in their own). */
  load?: (spec: string) => Promise<SocketHandler>;
  idleTimeoutMs?: number;
  maxConnectionMs?: number;
}

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  headers: Record<string, string>;
  timers: NodeJS.Timeout[];
  idle?: NodeJS.Timeout;
}

/**
 * The local API Gateway WebSocket API, on the cloud's one port:
 * - `GET /_local/ws` upgrades run the same `$connect` / `$default` / `$disconnect` handler exports
 *   as on AWS (packages/functions/src/realtime/routes.ts), with API Gateway WebSocket-shaped events.
 *   `$connect` decides: a non-2xx answer refuses the handshake with that status, as API Gateway does.
 * - `/_local/ws-management/@connections/{id}` is the management API (`POST` data, `GET`, `DELETE`)
 *   that @aws-sdk/client-apigatewaymanagementapi is pointed at (`SST_RESOURCE_Realtime`); unknown
 *   ids answer 410 GoneException. Loopback callers only: it writes to anybody's socket.
 * The sockets live in memory by connection id; stopping the cloud closes them without running
 * `$disconnect` (the table may be stopping too; what is left is cleaned by publish's 410 and the TTL).
 */
export function createWebSocketGateway({
  log,
  load = loadHandler as (spec: string) => Promise<SocketHandler>,
  idleTimeoutMs = 10 * 60_000,
  maxConnectionMs = 2 * 60 * 60_000,
}: WebSocketGatewayOptions) {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  const connections = new Map<string, Connection>();
  let stopping = false;

  const handlers = new Map<string, Promise<SocketHandler>>();
  const handlerFor = (route: SocketRouteKey) => {
    const spec = socketRoutes[route];
    let handler = handlers.get(spec);
    if (!handler) {
      handler = load(spec);
      handlers.set(spec, handler);
      handler.catch(() => handlers.delete(spec));
    }
    return handler;
  };

  async function run(route: SocketRouteKey, event: SocketEvent): Promise<unknown> {
    const handler = await handlerFor(route);
    return handler(event, buildContext(socketRoutes[route].replace(/[/.]/g, '-'), event.requestContext.requestId));
  }

  /** Runs a route whose answer nobody waits for ($default, $disconnect); failures are logged. */
  function runInBackground(route: SocketRouteKey, event: SocketEvent): void {
    run(route, event).catch((error: unknown) => log(`WebSocket ${route} failed: ${describeError(error)}`));
  }

  /** True when the upgrade is for the socket path (the caller leaves other upgrades to others, e.g. Vite's HMR). */
  const handles = (url: URL) => url.pathname === webSocketPath;

  /** Never rejects: a failure is logged and the socket closed. */
  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    return accept(req, socket, head, url).catch((error: unknown) => {
      log(`WebSocket upgrade failed: ${describeError(error)}`);
      socket.destroy();
    });
  }

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const clientIp = sourceIp(req);
    if (clientIp === undefined) return void socket.destroy(); // gone before it was heard
    const connectionId = newConnectionId();
    const connectedAt = Date.now();
    const headers = flatHeaders(req);
    const identity = { sourceIp: clientIp, userAgent: headers['user-agent'] ?? '' };
    const query = Object.fromEntries(url.searchParams);
    const base = { connectionId, connectedAt, identity };
    socket.on('error', () => undefined); // a client that goes away mid-handshake
    if (!isWebSocketHandshake(req)) return refuse(socket, 400);

    let status: number;
    try {
      const result = await run('$connect', {
        ...socketEvent(base, '$connect', 'CONNECT'),
        headers,
        ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
      });
      status = statusOf(result);
    } catch (error) {
      log(`WebSocket $connect failed: ${describeError(error)}`);
      status = 500;
    }
    if (status < 200 || status > 299 || stopping) return refuse(socket, stopping ? 503 : status);
    if (socket.destroyed) {
      // Gone while $connect ran: what it stored goes again, as after any disconnect.
      return runInBackground('$disconnect', { ...socketEvent(base, '$disconnect', 'DISCONNECT'), headers });
    }

    server.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { socket: ws, connectedAt, lastActiveAt: connectedAt, ...identity, headers, timers: [] };
      connections.set(connectionId, connection);
      const resetIdle = () => {
        connection.lastActiveAt = Date.now();
        if (connection.idle) clearTimeout(connection.idle);
        connection.idle = setTimeout(() => ws.close(1001, 'Going away'), idleTimeoutMs);
      };
      resetIdle();
      connection.timers.push(setTimeout(() => ws.close(1001, 'Going away'), maxConnectionMs));

      ws.on('message', (data: RawData, isBinary: boolean) => {
        resetIdle();
        const body = rawToBuffer(data);
        runInBackground('$default', {
          ...socketEvent(base, '$default', 'MESSAGE'),
          body: isBinary ? body.toString('base64') : body.toString('utf8'),
          isBase64Encoded: isBinary,
        });
      });
      ws.on('error', (error) => log(`WebSocket ${connectionId}: ${error.message}`));
      ws.on('close', (code, reason) => {
        connections.delete(connectionId);
        connection.timers.forEach(clearTimeout);
        if (connection.idle) clearTimeout(connection.idle);
        if (stopping) return;
        const event = socketEvent(base, '$disconnect', 'DISCONNECT');
        Object.assign(event.requestContext, { disconnectStatusCode: code, disconnectReason: reason.toString('utf8') });
        runInBackground('$disconnect', { ...event, headers });
      });
    });
  }

  /** The management API: `POST|GET|DELETE /_local/ws-management/@connections/{connectionId}`. */
  async function management(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { message: 'The local management API answers loopback callers only' });
    const match = /^\/@connections\/([^/]+)\/?$/.exec(url.pathname.slice(managementPath.length));
    if (!match) return sendJson(res, 404, { message: 'Not Found' });
    const connectionId = safeDecode(match[1]!);
    const connection = connections.get(connectionId);
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (!['POST', 'GET', 'DELETE'].includes(method)) return sendJson(res, 405, { message: 'Method Not Allowed' }, { allow: 'POST, GET, DELETE' });
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) return awsError(res, 410, 'GoneException');

    if (method === 'GET') {
      return sendJson(res, 200, {
        ConnectedAt: new Date(connection.connectedAt).toISOString(),
        Identity: { SourceIp: connection.sourceIp, UserAgent: connection.userAgent },
        LastActiveAt: new Date(connection.lastActiveAt).toISOString(),
      });
    }
    if (method === 'DELETE') {
      connection.socket.close(1000, 'Closed by the server');
      return void res.writeHead(204).end();
    }
    if (body.length > maxMessageBytes) return awsError(res, 413, 'PayloadTooLargeException');
    connection.socket.send(body.toString('utf8'));
    res.writeHead(200, { 'content-type': 'application/json' }).end();
  }

  async function close(): Promise<void> {
    stopping = true;
    for (const { socket } of connections.values()) socket.terminate();
    connections.clear();
    await new Promise((done) => server.close(done));
  }

  return { handles, upgrade, management, close, connections: () => [...connections.keys()] };
}

export type WebSocketGateway = ReturnType<typeof createWebSocketGateway>;

interface EventBase {
  connectionId: string;
  connectedAt: number;
  identity: { sourceIp: string; userAgent: string };
}

/** The common part of API Gateway's WebSocket events (payload as the Lambda proxy integration sends it). */
function socketEvent(base: EventBase, routeKey: SocketRouteKey, eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT'): SocketEvent {
  const now = Date.now();
  return {
    requestContext: {
      routeKey,
      eventType,
      ...(eventType === 'MESSAGE' ? { messageId: randomBytes(8).toString('base64url') } : {}),
      extendedRequestId: randomUUID(),
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN',
      stage: '$default',
      connectedAt: base.connectedAt,
      requestTimeEpoch: now,
      identity: base.identity,
      requestId: randomUUID(),
      domainName: 'localhost',
      connectionId: base.connectionId,
      apiId: 'local',
    } as SocketEvent['requestContext'],
    isBase64Encoded: false,
  };
}

/** Checked before `$connect` runs, so a request `ws` would refuse stores nothing. */
function isWebSocketHandshake(req: IncomingMessage): boolean {
  const key = req.headers['sec-websocket-key'];
  return (
    req.method === 'GET' &&
    req.headers.upgrade?.toLowerCase() === 'websocket' &&
    typeof key === 'string' &&
    /^[+/0-9A-Za-z]{22}==$/.test(key.trim()) &&
    ['8', '13'].includes(String(req.headers['sec-websocket-version']))
  );
}

/** API Gateway's connection ids: 16 base64 characters ending in '='. */
const newConnectionId = () => `${randomBytes(11).toString('base64').slice(0, 15)}=`;

function statusOf(result: unknown): number {
  if (typeof result === 'object' && result !== null && 'statusCode' in result) return Number((result as { statusCode: unknown }).statusCode) || 200;
  return 200;
}

/** Ends a handshake with an HTTP status, as API Gateway answers a refused `$connect`. */
function refuse(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  const body = STATUS_CODES[status] ?? 'Error';
  socket.end(`HTTP/1.1 ${status} ${body}\r\nconnection: close\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** The errors of AWS's REST APIs: the type in a header (the SDK reads it), `{ message }` in the body. */
function awsError(res: ServerResponse, status: number, type: string): void {
  sendJson(res, status, { message: null }, { 'x-amzn-errortype': type });
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  return headers;
}

const rawToBuffer = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

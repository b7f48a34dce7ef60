import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKey, type Route } from '@numbernest/functions/routes';
import { describeError, readBody, sendJson } from '../http';
import { sourceIp } from '../net';
import type { Authorize } from './authorize';
import { buildContext, buildEvent, type GatewayEvent } from './event';
import { createRouteMatcher } from './match';

export type Handler<E = GatewayEvent> = (event: E, context: Context) => Promise<unknown>;

export interface GatewayOptions {
  routes: Route[];
  authorize: Authorize;
  log: (line: string) => void;
  /** How a `file.export` handler spec becomes a function (tests hand in their own). */
  load?: (spec: string) => Promise<Handler>;
}

/** `catalog/countries.handler` -> the `handler` export of packages/functions/src/catalog/countries.ts. */
export async function loadHandler<E = GatewayEvent>(spec: string): Promise<Handler<E>> {
  const dot = spec.lastIndexOf('.');
  const file = spec.slice(0, dot);
  const name = spec.slice(dot + 1);
  const module = (await import(`@numbernest/functions/${file}`)) as Record<string, unknown>;
  const handler = module[name];
  if (typeof handler !== 'function') throw new Error(`packages/functions/src/${file}.ts has no exported function "${name}"`);
  return handler as Handler<E>;
}

/**
 * The local API Gateway: route table match (404/405 like AWS), the JWT authorizer on `auth`
 * routes, a payload-2.0 event to the same handler Lambda runs, and its result back as HTTP.
 */
export function createGateway({ routes, authorize, log, load = loadHandler }: GatewayOptions) {
  const match = createRouteMatcher(routes);
  const handlers = new Map<string, Promise<Handler>>();
  const handlerFor = (spec: string) => {
    let handler = handlers.get(spec);
    if (!handler) {
      handler = load(spec);
      handlers.set(spec, handler);
      handler.catch(() => handlers.delete(spec)); // a file being written may load on the next try
    }
    return handler;
  };

  return async function gateway(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // Read before anything is awaited: once a client has hung up, its socket no longer knows the address.
    const clientIp = sourceIp(req);
    if (clientIp === undefined) return void res.destroy(); // gone before it was heard: nobody to answer
    const method = req.method ?? 'GET';
    const found = match(method === 'OPTIONS' ? 'GET' : method, url.pathname);
    if (found.kind === 'none') return sendJson(res, 404, { message: 'Not found' });
    if (method === 'OPTIONS') {
      res.writeHead(204, { allow: 'GET, POST, PUT, PATCH, DELETE, OPTIONS' }).end();
      return;
    }
    if (found.kind === 'wrong-method') return sendJson(res, 405, { message: 'Method not allowed' }, { allow: found.allowed.join(', ') });

    const { route, pathParameters } = found;
    res.setHeader('x-local-route', routeKey(route)); // tells a handler's 404 from "no such route"
    const authorizer = route.auth ? await authorize(req.headers.authorization) : undefined;
    if (route.auth && !authorizer) return sendJson(res, 401, { message: 'Unauthorized' });

    const event = buildEvent({ req, url, routeKey: routeKey(route), pathParameters, body: await readBody(req), sourceIp: clientIp, authorizer });
    try {
      const handler = await handlerFor(route.handler);
      const result = await handler(event, buildContext(route.handler.replace(/[/.]/g, '-'), event.requestContext.requestId));
      writeResult(res, result);
    } catch (error) {
      log(`${routeKey(route)} failed: ${describeError(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.end();
    }
  };
}

/** Payload format 2.0: a result without statusCode is a 200 JSON body, as API Gateway does. */
export function writeResult(res: ServerResponse, result: unknown): void {
  if (!isStructured(result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (body && !headers['content-type']) headers['content-type'] = 'application/json';
  res.writeHead(result.statusCode ?? 200, headers).end(body);
}

function isStructured(result: unknown): result is APIGatewayProxyStructuredResultV2 {
  return typeof result === 'object' && result !== null && 'statusCode' in result;
}

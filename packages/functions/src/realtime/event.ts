import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { loggedInvocation } from '../lib/invocation';
import { log } from '../lib/log';

/**
 * What API Gateway hands a WebSocket route: `requestContext.connectionId`, `routeKey`,
 * `eventType`; `$connect` also the handshake's headers and query string; `$default` the frame in `body`.
 */
export type SocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
};

/** A route's answer: on `$connect` a non-2xx status refuses the handshake with that status. */
export interface SocketResult {
  statusCode: number;
  body?: string;
}

export const reply = (statusCode: number, body?: string): SocketResult => (body === undefined ? { statusCode } : { statusCode, body });

export const logError = (message: string, error: unknown) => log.error(message, { error: error instanceof Error ? error : String(error) });

/** A socket route's handler, logged like every function: route, connection, status, latency (never the token in the query). */
export const socketHandler = (name: string, run: (event: SocketEvent) => Promise<SocketResult>) =>
  loggedInvocation(name, run, {
    fields: (event) => ({ route: event.requestContext.routeKey, connectionId: event.requestContext.connectionId, requestId: event.requestContext.requestId }),
    result: (result) => ({ status: result.statusCode }),
  });

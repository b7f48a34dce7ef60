import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

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

export const logError = (message: string, event: SocketEvent, error: unknown) =>
  console.error(JSON.stringify({ level: 'error', message, connectionId: event.requestContext.connectionId, error: String(error) }));

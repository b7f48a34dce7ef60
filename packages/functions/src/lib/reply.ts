import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A reply with a status other than 200, e.g. `return withStatus(201, { message, id })`. */
export class StatusReply<T = unknown> {
  constructor(
    readonly statusCode: number,
    readonly body: T,
  ) {}
}

export const withStatus = <T>(statusCode: number, body: T) => new StatusReply(statusCode, body);

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

/** A reply that is not JSON (a CSV download, a provider's plain-text acknowledgement). */
export class RawReply {
  constructor(
    readonly statusCode: number,
    readonly contentType: string,
    readonly body: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const withText = (statusCode: number, contentType: string, body: string, headers: Record<string, string> = {}) =>
  new RawReply(statusCode, contentType, body, headers);

export const raw = (reply: RawReply): APIGatewayProxyStructuredResultV2 => ({
  statusCode: reply.statusCode,
  headers: { 'Content-Type': reply.contentType, ...reply.headers },
  body: reply.body,
});

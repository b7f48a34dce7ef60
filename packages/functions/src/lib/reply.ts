import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A reply with a status other than 200, e.g. `return withStatus(201, { message, id })`. */
export class StatusReply<T = unknown> {
  constructor(
    readonly statusCode: number,
    readonly body: T,
  ) {}
}

export const withStatus = <T>(statusCode: number, body: T) => new StatusReply(statusCode, body);

export const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

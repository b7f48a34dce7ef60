import type middy from '@middy/core';
import {
  ConflictError,
  ForbiddenError,
  InsufficientFundsError,
  NotFoundError,
  RateLimitedError,
  SessionEndedError,
  UpstreamError,
  ValidationError,
} from '@numbernest/core/errors';
import { toDollars } from '@numbernest/core/pricing';
import type { ErrorReply } from '@numbernest/contracts';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { json } from './reply';

/** Thrown by the HTTP layer itself when a route needs claims and has none. */
export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';
}

interface HttpLikeError {
  statusCode?: number;
  expose?: boolean;
  message: string;
  cause?: { package?: string };
}

/** Domain errors and middy's http errors to a status and the `{ message, errors? }` body. */
function toErrorReply(error: unknown): { status: number; body: ErrorReply & Record<string, unknown>; headers?: Record<string, string> } | undefined {
  if (error instanceof ValidationError) return { status: 400, body: { message: error.message, errors: error.fieldErrors } };
  if (error instanceof ForbiddenError) return { status: 403, body: { message: error.message } };
  if (error instanceof NotFoundError) return { status: 404, body: { message: error.message } };
  if (error instanceof ConflictError) return { status: 409, body: { message: error.message } };
  if (error instanceof InsufficientFundsError) return { status: 402, body: { message: error.message, shortfall: toDollars(error.shortfallCents) } };
  if (error instanceof UpstreamError) return { status: 502, body: { message: error.message } };
  if (error instanceof UnauthorizedError) return { status: 401, body: { message: 'Unauthorized' } };
  if (error instanceof SessionEndedError) return { status: 401, body: { message: error.message } };
  if (error instanceof RateLimitedError) {
    return { status: 429, body: { message: error.message }, headers: { 'Retry-After': String(error.retryAfterSeconds) } };
  }
  const http = error as HttpLikeError;
  // middy's body parser answers 415 for both; only a non-JSON content type deserves it.
  if (http.cause?.package === '@middy/http-json-body-parser') {
    return http.message === 'Unsupported Media Type'
      ? { status: 415, body: { message: 'Content-Type must be application/json' } }
      : { status: 400, body: { message: 'Malformed JSON body' } };
  }
  if (http.statusCode && http.statusCode < 500 && http.expose !== false) return { status: http.statusCode, body: { message: http.message } };
  return undefined;
}

/** One JSON line per unexpected error, with what is needed to find the request again. */
function logUnexpected(error: unknown, event: APIGatewayProxyEventV2, context: Context) {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error(
    JSON.stringify({
      level: 'error',
      message: 'Unhandled error in HTTP handler',
      routeKey: event.routeKey,
      path: event.rawPath,
      requestId: event.requestContext?.requestId,
      awsRequestId: context.awsRequestId,
      error: { name: err.name, message: err.message, stack: err.stack },
    }),
  );
}

/** Last line of defence: every failure becomes a JSON reply; only the unexpected ones are 500s. */
export const errorReply = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  onError: async (request) => {
    const known = toErrorReply(request.error);
    if (known) {
      request.response = json(known.status, known.body, known.headers);
      return;
    }
    logUnexpected(request.error, request.event, request.context);
    request.response = json(500, { message: 'Internal server error' });
  },
});

import type middy from '@middy/core';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InsufficientFundsError,
  NotFoundError,
  RateLimitedError,
  SessionEndedError,
  SignatureError,
  UpstreamError,
  ValidationError,
} from '@numbernest/core/errors';
import { toDollars } from '@numbernest/core/pricing';
import { fieldErrorIssues, fieldErrorTexts, type ErrorCode, type ErrorReply } from '@numbernest/contracts';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { log } from './log';
import { json } from './reply';
import { requestFields } from './request-log';

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

type Reply = { status: number; body: ErrorReply & Record<string, unknown>; headers?: Record<string, string> };

/** The status of a domain error: by its class (a subclass answers as its parent). */
function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof SessionEndedError || error instanceof SignatureError) return 401;
  if (error instanceof InsufficientFundsError) return 402;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof RateLimitedError) return 429;
  if (error instanceof UpstreamError) return 502;
  return 400;
}

/** Middy's own http errors carry a status only: the code of that status. */
const codeOfStatus: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Domain errors and middy's http errors to a status and the `{ message, code, params?, errors?, fields? }` body. */
function toErrorReply(error: unknown): Reply | undefined {
  if (error instanceof DomainError) {
    const body: Reply['body'] = { message: error.message, code: error.code, ...(error.params ? { params: error.params } : {}) };
    if (error instanceof ValidationError) {
      body.errors = fieldErrorTexts(error.fieldErrors);
      body.fields = fieldErrorIssues(error.fieldErrors);
    }
    if (error instanceof InsufficientFundsError) body.shortfall = toDollars(error.shortfallCents);
    const headers = error instanceof RateLimitedError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
    return { status: statusOf(error), body, headers };
  }
  if (error instanceof UnauthorizedError) return { status: 401, body: { message: 'Unauthorized', code: 'UNAUTHORIZED' } };
  const http = error as HttpLikeError;
  // middy's body parser answers 415 for both; only a non-JSON content type deserves it.
  if (http.cause?.package === '@middy/http-json-body-parser') {
    return http.message === 'Unsupported Media Type'
      ? { status: 415, body: { message: 'Content-Type must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE' } }
      : { status: 400, body: { message: 'Malformed JSON body', code: 'MALFORMED_JSON' } };
  }
  if (http.statusCode && http.statusCode < 500 && http.expose !== false) {
    return { status: http.statusCode, body: { message: http.message, code: codeOfStatus[http.statusCode] ?? 'VALIDATION_FAILED' } };
  }
  return undefined;
}

/** One line per unexpected error, with what is needed to find the request again. */
function logUnexpected(error: unknown, event: APIGatewayProxyEventV2, context: Context) {
  log.error('Unhandled error in HTTP handler', { ...requestFields(event, context), error: error instanceof Error ? error : String(error) });
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
    request.response = json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' } satisfies ErrorReply);
  },
});

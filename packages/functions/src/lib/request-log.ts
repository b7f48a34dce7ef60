import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { log, outcomeOf, withLogFields, type LogFields } from './log';

type Event = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;

/**
 * Who and what a request is, for every line logged while handling it: API Gateway's request id,
 * Lambda's, the route (method and path template, never the query: it may hold an API key) and
 * the user's sub when the JWT authorizer passed claims.
 */
export function requestFields(event: Event, context: Context | undefined): LogFields {
  const sub = (event as APIGatewayProxyEventV2WithJWTAuthorizer).requestContext?.authorizer?.jwt?.claims?.sub;
  return {
    requestId: event.requestContext?.requestId,
    awsRequestId: context?.awsRequestId,
    route: event.routeKey,
    ...(sub ? { sub: String(sub) } : {}),
  };
}

/** Runs a handler's work with the request's fields on each of its log lines. */
export const withRequestFields = <T>(event: Event, context: Context, work: () => Promise<T>) => withLogFields(requestFields(event, context), work);

const startedAt = new WeakMap<object, number>();

/**
 * One line per request once the reply is final (errors included): the request's fields, its
 * status, outcome and latency, plus `extra` (a webhook's provider). First in a middy stack, so its
 * `after`/`onError` run last, when `errorReply` has already turned an error into the reply.
 */
export function requestLog(extra: (event: Event) => LogFields = () => ({})): middy.MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  const done = (request: middy.Request<Event, APIGatewayProxyStructuredResultV2>) => {
    const status = request.response?.statusCode ?? 500;
    const fields = {
      ...requestFields(request.event, request.context),
      ...extra(request.event),
      status,
      outcome: outcomeOf(status),
      latencyMs: Date.now() - (startedAt.get(request) ?? Date.now()),
    };
    (status >= 500 ? log.error : log.info)('request', fields);
  };
  return {
    before: (request) => void startedAt.set(request, Date.now()),
    after: done,
    onError: done,
  };
}

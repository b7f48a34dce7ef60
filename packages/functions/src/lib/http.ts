import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { DomainError, ForbiddenError } from '@numbernest/core/errors';
import { webOrigins } from '@numbernest/core/settings';
import { errorReply, UnauthorizedError } from './error-reply';
import { lowerCaseHeaders } from './headers';
import { json, raw, RawReply, StatusReply } from './reply';
import { requestLog, withRequestFields } from './request-log';
import { utf8Text } from './utf8';
import { validate, type RequestPart } from './validate';

/** JWT claims as API Gateway's authorizer (or the local gateway) passes them. */
export type Claims = Record<string, string | number | boolean | string[]>;

type Schema = z.ZodMiniType | undefined;
type Parsed<S extends Schema> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface HandlerOptions<B extends Schema, P extends Schema, Q extends Schema, A extends boolean> {
  body?: B;
  params?: P;
  query?: Q;
  /** The route sits behind the JWT authorizer: the handler gets the claims (401 if absent). */
  auth?: A;
  /** The operator check of a route under /api/ops/ (set by opsHandler only; without it such a route refuses everyone). */
  operator?: (claims: Claims | undefined) => Promise<OperatorRef>;
}

export interface HandlerInput<B extends Schema, P extends Schema, Q extends Schema, A extends boolean> {
  body: Parsed<B>;
  params: Parsed<P>;
  query: Parsed<Q>;
  claims: A extends true ? Claims : Claims | undefined;
  /** On a route under /api/ops/ only: the operator (checked by the stack, never by the handler). */
  operator?: OperatorRef;
  event: APIGatewayProxyEventV2;
  context: Context;
}

export type HttpEvent = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;

/** Every route under /api/ops/ is the operator console's. */
export const isOpsRoute = (routeKey: string | undefined) => /^[A-Z]+ \/api\/ops\//.test(routeKey ?? '');

/** An /api/ops route whose handler was not made with opsHandler: closed to everyone rather than open. */
const noOperatorCheck = async (): Promise<never> => {
  throw new ForbiddenError('Only operators may do this', 'OPERATORS_ONLY');
};

const claimsOf = (event: HttpEvent): Claims | undefined => (event as APIGatewayProxyEventV2WithJWTAuthorizer).requestContext?.authorizer?.jwt?.claims;

/**
 * The body as text: absent or blank, an empty object (so the reply lists each missing field);
 * base64-encoded (bytes that are not UTF-8, or a type that is not text), read as UTF-8 or refused.
 */
const bodyText: middy.MiddlewareObj<APIGatewayProxyEventV2> = {
  before: async ({ event }) => {
    const text = event.isBase64Encoded && event.body ? utf8Text(event.body) : event.body;
    if (text === undefined && event.body) throw new DomainError('The body is not UTF-8', 'MALFORMED_JSON');
    event.body = text?.trim() ? text : '{}';
    event.isBase64Encoded = false;
  },
};

/**
 * THE middy stack of every HTTP handler: headers normalised, JSON body parsed (malformed or not UTF-8
 * -> 400, a non-JSON content type -> 415), body/params/query validated with zod, claims passed on, replies as
 * JSON, the operator check on every /api/ops route, errors mapped by `errorReply`, CORS headers on every reply (errors included), and one
 * structured log line per request (`requestLog`: request id, route, sub, status, latency).
 *
 *   export const handler = httpHandler({ params: countryIdParamsSchema }, async ({ params }) =>
 *     ({ data: await listServices(params.countryId) }));
 *
 * Return the body for a 200, or `withStatus(code, body)` for anything else.
 */
export function httpHandler<B extends Schema = undefined, P extends Schema = undefined, Q extends Schema = undefined, A extends boolean = false>(
  options: HandlerOptions<B, P, Q, A>,
  run: (input: HandlerInput<B, P, Q, A>) => Promise<unknown>,
) {
  const respond = async (event: HttpEvent, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const claims = claimsOf(event);
    if (options.auth && !claims) throw new UnauthorizedError();
    // The console's routes are recognised by their path, so a new one cannot forget the check: it
    // comes with opsHandler (which alone loads the profile check), and without it the route is closed.
    const operator = isOpsRoute(event.routeKey) ? await (options.operator ?? noOperatorCheck)(claims) : undefined;
    const input = {
      body: options.body ? validate(options.body, event.body, 'body') : undefined,
      params: options.params ? validate(options.params, event.pathParameters ?? {}, 'params') : undefined,
      query: options.query ? validate(options.query, event.queryStringParameters ?? {}, 'query') : undefined,
      claims,
      ...(operator ? { operator } : {}),
      event,
      context,
    } as HandlerInput<B, P, Q, A>;
    const result = await run(input);
    if (result instanceof RawReply) return raw(result);
    return result instanceof StatusReply ? json(result.statusCode, result.body) : json(200, result);
  };
  // Every line logged while answering carries the request's id, route and user.
  const handle = (event: HttpEvent, context: Context) => withRequestFields(event, context, () => respond(event, context));

  const origins = webOrigins();
  const handler = middy<HttpEvent, APIGatewayProxyStructuredResultV2>(handle)
    .use(requestLog())
    .use(httpCors(origins.length ? { origins } : {}))
    // A body sent without a content type is taken as JSON (the only type this API speaks).
    .use(lowerCaseHeaders({ 'content-type': 'application/json' }))
    .use(options.body ? [bodyText, httpJsonBodyParser()] : [])
    .use(errorReply());
  // The options as given (their body, params and query): no copy, as every Lambda counts its bytes.
  return Object.assign(handler, { requestSchemas: options as RequestSchemas });
}

/**
 * What an HTTP handler validates, readable from the handler itself: walking the route table with it
 * reaches every request schema (the tests check each route's answers and each schema's text fields).
 */
export type RequestSchemas = Partial<Record<RequestPart, z.ZodMiniType>>;

export { withStatus, withText } from './reply';

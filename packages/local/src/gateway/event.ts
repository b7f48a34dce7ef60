import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  APIGatewayEventRequestContextJWTAuthorizer,
  APIGatewayEventRequestContextV2,
  APIGatewayProxyEventV2WithRequestContext,
  Context,
} from 'aws-lambda';
import type { JwtAuthorizerContext } from './authorize';

/** The event of a route; `requestContext.authorizer` is there on `auth: true` routes only. */
export type GatewayEvent = APIGatewayProxyEventV2WithRequestContext<
  APIGatewayEventRequestContextV2 & { authorizer?: APIGatewayEventRequestContextJWTAuthorizer }
>;

/** What API Gateway passes as text; anything else arrives base64-encoded (as form posts do on AWS). */
const textTypes = /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|graphql))/i;

export function isTextBody(contentType: string | undefined): boolean {
  return textTypes.test(contentType ?? '');
}

export interface EventInput {
  req: IncomingMessage;
  url: URL;
  routeKey: string;
  pathParameters: Record<string, string>;
  body: Buffer;
  /** The client's address (net.ts sourceIp), read as the request arrived. */
  sourceIp: string;
  authorizer?: JwtAuthorizerContext;
}

/** An API Gateway v2 (HTTP API, payload format 2.0) event, as AWS builds it. */
export function buildEvent({ req, url, routeKey, pathParameters, body, sourceIp, authorizer }: EventInput): GatewayEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  // A repeated name's values joined with commas, as API Gateway does; every name an own key (`constructor`, `__proto__` too).
  const values = new Map<string, string>();
  for (const [name, value] of url.searchParams) values.set(name, values.has(name) ? `${values.get(name)},${value}` : value);
  const query: Record<string, string> = Object.fromEntries(values);
  const now = new Date();
  const requestId = randomUUID();
  // The event is JSON, whose strings hold text only: bytes that are not UTF-8 arrive base64-encoded, whatever their type says.
  const text = isTextBody(headers['content-type']) && isUtf8(body);
  const host = headers.host ?? 'localhost';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: formatTime(now),
      timeEpoch: now.getTime(),
      ...(authorizer ? { authorizer: { principalId: '', integrationLatency: 0, jwt: authorizer } } : {}),
    },
    ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
}

/** A Lambda-like context; the deadline is Lambda's default API timeout. */
export function buildContext(functionName: string, requestId: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error('callback-style handlers are not supported; return a value');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `12/Mar/2020:19:03:58 +0000`, API Gateway's requestContext.time. */
function formatTime(d: Date): string {
  return `${pad(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

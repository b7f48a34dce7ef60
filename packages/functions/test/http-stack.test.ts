/**
 * The shared middy stack, called directly (no gateway): the paths no catalogue route can reach,
 * i.e. an unexpected error and the authorizer claims.
 */
import * as z from 'zod/mini';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpHandler } from '../src/lib/http';

const event = (extra: Partial<APIGatewayProxyEventV2> & { claims?: Record<string, string> } = {}): APIGatewayProxyEventV2 => {
  const { claims, ...rest } = extra;
  return {
    version: '2.0',
    routeKey: 'GET /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: '0',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'GET', path: '/api/test', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: 'GET /api/test',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    },
    ...rest,
  } as APIGatewayProxyEventV2;
};
const context = { awsRequestId: 'aws-1' } as Context;

afterEach(() => vi.restoreAllMocks());

describe('httpHandler', () => {
  it('turns an unexpected error into a generic 500 and logs it, then the request line', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (lines.push(String(chunk)), true));
    const handler = httpHandler({}, async () => {
      throw new Error('database on fire');
    });
    const reply = await handler(event(), context);
    expect(reply.statusCode).toBe(500);
    expect(JSON.parse(reply.body!)).toEqual({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
    const [error, request, ...more] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(more).toEqual([]);
    expect(error).toMatchObject({
      level: 'error',
      message: 'Unhandled error in HTTP handler',
      route: 'GET /api/test',
      requestId: 'req-1',
      error: { message: 'database on fire' },
    });
    expect(request).toMatchObject({ level: 'error', message: 'request', route: 'GET /api/test', requestId: 'req-1', status: 500, outcome: 'error' });
  });

  it('passes the authorizer claims to auth routes and 401s without them', async () => {
    const handler = httpHandler({ auth: true }, async ({ claims }) => ({ sub: claims.sub }));
    const ok = await handler(event({ claims: { sub: 'user-1' } }), context);
    expect(JSON.parse(ok.body!)).toEqual({ sub: 'user-1' });
    const denied = await handler(event(), context);
    expect(denied.statusCode).toBe(401);
    expect(JSON.parse(denied.body!)).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('closes a route under /api/ops/ to everyone when its handler was not made with opsHandler', async () => {
    let ran = false;
    const handler = httpHandler({ auth: true }, async () => {
      ran = true;
      return {};
    });
    const ops = { routeKey: 'GET /api/ops/anything' };
    const reply = await handler(event({ ...ops, claims: { sub: 'user-1', 'cognito:groups': '[operators]' } }), context);
    expect(reply.statusCode).toBe(403);
    expect(JSON.parse(reply.body!)).toMatchObject({ code: 'OPERATORS_ONLY' });
    expect((await handler(event(ops), context)).statusCode).toBe(401);
    expect(ran).toBe(false);
  });

  it('takes a body without a content type as JSON', async () => {
    const handler = httpHandler({ body: z.strictObject({ n: z.number() }) }, async ({ body }) => ({ n: body.n }));
    const reply = await handler(event({ body: '{"n":1}' }), context);
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(reply.body!)).toEqual({ n: 1 });
  });

  it('validates the query string as well', async () => {
    const handler = httpHandler({ query: z.strictObject({ page: z.coerce.number().check(z.int(), z.minimum(0)) }) }, async ({ query }) => ({
      page: query.page,
    }));
    expect(JSON.parse((await handler(event({ queryStringParameters: { page: '2' } }), context)).body!)).toEqual({ page: 2 });
    const bad = await handler(event({ queryStringParameters: { page: '-1', x: '1' } }), context);
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body!).errors).toEqual({ page: ['Must be greater than or equal to 0.'], x: ['Unknown field.'] });
  });
});

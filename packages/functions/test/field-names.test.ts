/**
 * Field names that an object inherits (`constructor`, `toString`, …) or that set its prototype
 * (`__proto__`), in the JSON body and in the query string of every route of the table: never a 5xx,
 * and where the route refuses unknown fields, a 400 naming the field as it was sent.
 */
import { apiUrl } from './api'; // first: points this process at the local cloud
import type { ErrorReply } from '@numbernest/contracts';
import { routeKey, routes, type Route } from '@numbernest/functions/routes';
import type { RequestSchemas } from '@numbernest/functions/lib/http';
import { loadHandler } from '@numbernest/local/gateway/gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';

const inheritedNames = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

/** Routes that end the caller's session when they act: each request gets a user of its own. */
const endsTheSession = new Set(['DELETE /api/user', 'POST /api/logout']);

/** What these tests read of a zod schema's definition. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  discriminator?: string;
  values?: unknown[];
}
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;

/** A strict object, or a union of them: an unknown field is a 400. */
function refusesUnknownFields(schema: z.ZodMiniType | undefined): boolean {
  if (!schema) return false;
  const def = defOf(schema);
  if (def.type === 'union') return def.options!.every(refusesUnknownFields);
  return def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never';
}

/** A discriminated union reports unknown fields once its discriminator picks an option: the first one's. */
function baseBody(schema: z.ZodMiniType | undefined): Record<string, unknown> {
  const def = schema && defOf(schema);
  if (!def?.discriminator) return {};
  const first = defOf(def.options![0]!).shape![def.discriminator]!;
  return { [def.discriminator]: defOf(first).values![0] };
}

/** Path parameters that pass the route's params schema and name nothing stored, so no handler acts on one. */
const parameterValues = ['999999999', '0000000000nothing', 'zzzzzzzzz0000000000000000', 'gw-nothing-here'];
function concretePath(route: Route, params: z.ZodMiniType | undefined): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = params && defOf(params).shape?.[name];
    const value = schema ? parameterValues.find((candidate) => schema.safeParse(candidate).success) : parameterValues[0];
    if (value === undefined) throw new Error(`No test value passes ${routeKey(route)}'s {${name}}`);
    return value;
  });
}

interface Reply {
  status: number;
  json: unknown;
}

/** `{ ...base, [name]: 1 }` as JSON text: an object literal would take `__proto__` as its prototype. */
const jsonWith = (base: Record<string, unknown>, name: string) =>
  `${JSON.stringify(base).slice(0, -1)}${Object.keys(base).length ? ',' : ''}${JSON.stringify(name)}:1}`;

describe('a field named after a member every object inherits', () => {
  let customer: TestUser;
  let operator: TestUser;
  beforeAll(async () => {
    [customer, operator] = await Promise.all([userWithBalance(), createOperator()]);
  });

  const tokenFor = async (route: Route) => {
    if (!route.auth) return undefined;
    if (endsTheSession.has(routeKey(route))) return (await userWithBalance()).idToken;
    return (route.path.startsWith('/api/ops/') ? operator : customer).idToken;
  };

  /** What is wrong with a route's answers to the five names, in the body and in the query (nothing, ideally). */
  async function problemsOf(route: Route): Promise<string[]> {
    const { requestSchemas = {} } = (await loadHandler(route.handler)) as { requestSchemas?: RequestSchemas };
    const path = concretePath(route, requestSchemas.params);
    // The route's own path: the developer API's is outside /api, where the helpers send.
    const sendAs = async (pathAndQuery: string, body?: string): Promise<Reply> => {
      const token = await tokenFor(route);
      const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const response = await fetch(`${apiUrl}${pathAndQuery}`, { method: route.method, headers, body });
      const text = await response.text();
      return { status: response.status, json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
    };
    const problem = (reply: Reply, name: string, part: string, named: boolean) => {
      const { code, errors = {}, fields = {} } = (reply.json ?? {}) as ErrorReply;
      const isNamed =
        reply.status === 400 &&
        code === 'VALIDATION_FAILED' &&
        Object.hasOwn(errors, name) &&
        errors[name]!.includes('Unknown field.') &&
        Object.hasOwn(fields, name) &&
        fields[name]!.some((issue) => issue.code === 'UNKNOWN_FIELD');
      if (reply.status < 500 && (isNamed || !named)) return [];
      return [`${routeKey(route)} with ${name} in the ${part}: ${reply.status} ${JSON.stringify(reply.json)}`];
    };

    const found = await Promise.all(
      inheritedNames.map(async (name) => {
        const [inBody, inQuery] = await Promise.all([
          sendAs(path, route.method === 'GET' ? undefined : jsonWith(baseBody(requestSchemas.body), name)),
          sendAs(`${path}?${encodeURIComponent(name)}=1`),
        ]);
        return [
          ...problem(inBody, name, 'body', route.method !== 'GET' && refusesUnknownFields(requestSchemas.body)),
          // A route with a body refuses the missing body first.
          ...problem(inQuery, name, 'query', !requestSchemas.body && refusesUnknownFields(requestSchemas.query)),
        ];
      }),
    );
    return found.flat();
  }

  it('never answers 5xx on any route, and a route that refuses unknown fields names the field as sent', async () => {
    const problems: string[] = [];
    for (const route of routes) problems.push(...(await problemsOf(route)));
    expect(problems).toEqual([]);
  }, 300_000);
});

/**
 * The 5sim-compatible API's part of the OpenAPI document, built from its contract
 * (@numbernest/contracts/fivesim) alone: every route of `fiveSimRoutes` with its summary, path and
 * query parameters, its JSON answer from `fiveSimAnswerSchemas`, and the refusals as 5sim sends them
 * (one plain-text sentence, with its HTTP status). User routes take an API key as a bearer token.
 */
import { fiveSimAnswerSchemas, fiveSimMaxPriceRequestSchema, fiveSimRefusals, fiveSimRoutes, type FiveSimRoute } from '@numbernest/contracts/fivesim';
import type * as z from 'zod/mini';

type Json = Record<string, unknown>;
type ToJsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output') => Json;

/** The security scheme of the user routes (components.securitySchemes.apiKey). */
export const fiveSimSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  description: 'An API key from Account → API (the same keys as the SMS-Activate protocol): Authorization: Bearer <API key>',
};

const integer = { type: 'integer', minimum: 0 };
/** Our addition, which 5sim clients never send. */
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description: 'The same key again (with the same API key) answers the same order, charged once',
};
const paging = [
  { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1 }, description: 'How many to answer' },
  { name: 'offset', in: 'query', required: false, schema: integer, description: 'How many to skip' },
  { name: 'order', in: 'query', required: false, schema: { type: 'string' }, description: 'The field to sort by (id by default)' },
  { name: 'reverse', in: 'query', required: false, schema: { type: 'boolean' }, description: 'false: oldest first (newest first by default)' },
];

/** The query parameters each route reads, as 5sim documents them. */
const queries: Record<string, Json[]> = {
  'GET /v1/user/orders': [{ name: 'category', in: 'query', required: true, schema: { type: 'string', enum: ['activation', 'hosting'] } }, ...paging],
  'GET /v1/user/payments': paging,
  'GET /v1/guest/prices': [
    { name: 'country', in: 'query', required: false, schema: { type: 'string' }, description: "A country by 5sim's name (england)" },
    { name: 'product', in: 'query', required: false, schema: { type: 'string' }, description: "A product by 5sim's name (telegram)" },
  ],
  'GET /v1/user/buy/activation/{country}/{operator}/{product}': [
    {
      name: 'maxPrice',
      in: 'query',
      required: false,
      schema: { type: 'number', exclusiveMinimum: 0 },
      description: 'The most to pay, in dollars: nothing dearer is sold (no free phones). Overrides the saved price limit of the product.',
    },
    {
      name: 'reuse',
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['0', '1'] },
      description: 'Accepted and changes nothing: every activation may be reused by the rules of /v1/user/reuse',
    },
    idempotencyKey,
  ],
  'GET /v1/user/buy/hosting/{country}/{operator}/{product}': [idempotencyKey],
};

/** Path parameters by name. */
const pathParameters: Record<string, Json> = {
  country: { type: 'string', description: "5sim's name of the country (england, usa); any: the cheapest country that has the product" },
  operator: { type: 'string', description: 'any: we do not sell by operator' },
  product: { type: 'string', description: "5sim's name of the product (telegram); for hosting 1week, 2weeks or 1month" },
  id: { type: 'integer', minimum: 1, description: 'The order id' },
  number: { type: 'string', pattern: '^\\d{6,15}$', description: 'The phone number without +' },
  lang: { type: 'string', enum: ['en', 'ru'] },
};

const plainText = (texts: string[]) => ({ 'text/plain': { schema: { type: 'string', enum: texts } } });
const refusalsWith = (status: number) => Object.values(fiveSimRefusals).filter((refusal) => refusal.status === status);
const quoted = (refusals: Array<{ text: string }>) => refusals.map((r) => `"${r.text}"`).join(', ');

function operation(route: FiveSimRoute, toJsonSchema: ToJsonSchema): Json {
  const key = `${route.method} ${route.path}`;
  const answer = (fiveSimAnswerSchemas as Record<string, z.ZodMiniType | undefined>)[key];
  const buys = /\/v1\/user\/(buy|reuse)\//.test(route.path);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const parameters = [
    ...names.map((name) => ({ name, in: 'path', required: true, schema: pathParameters[name] ?? { type: 'string' } })),
    ...(queries[key] ?? []),
  ];
  const ok: Json = answer
    ? { description: 'Success', content: { 'application/json': { schema: toJsonSchema(answer, 'output') } } }
    : { description: 'Done (an empty body)' };
  if (buys) {
    const noFreePhones = fiveSimRefusals.noFreePhones.text;
    ok.description = `The order; or, as 5sim sends it, HTTP 200 with the text "${noFreePhones}" when none is free at or below the price limit`;
    ok.content = { ...(ok.content as Json), ...plainText([noFreePhones]) };
  }
  const refusal = (status: number, description: string) => {
    const refusals = refusalsWith(status);
    return { [String(status)]: { description: `${description}: ${quoted(refusals)}`, content: plainText(refusals.map((r) => r.text)) } };
  };
  const op: Json = {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, ''),
    summary: route.summary,
    tags: ['5sim'],
    ...(parameters.length ? { parameters } : {}),
    responses: {
      '200': ok,
      ...refusal(400, "Refused, one of 5sim's sentences in plain text"),
      ...(route.access === 'user' ? { ...refusal(401, 'No key, or an unknown or revoked one'), ...refusal(403, 'The account is blocked') } : {}),
      ...refusal(429, "The key's request budget is spent"),
    },
  };
  if (route.method !== 'GET') {
    const schema = toJsonSchema(fiveSimMaxPriceRequestSchema, 'input');
    op.requestBody = { required: true, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
  }
  if (route.access === 'user') op.security = [{ apiKey: [] }];
  return op;
}

/** The `/v1/` paths of the document, each route of the contract under its path and method. */
export function fiveSimPaths(toJsonSchema: ToJsonSchema): Record<string, Record<string, Json>> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of fiveSimRoutes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, toJsonSchema);
  return paths;
}

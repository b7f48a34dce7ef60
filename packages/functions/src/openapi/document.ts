/**
 * The OpenAPI 3.1 document of the JSON API, GENERATED: paths come from the one route table
 * (../routes.ts), schemas from the zod contracts (@numbernest/contracts) through zod v4's
 * `z.toJSONSchema` (JSON Schema draft 2020-12, OpenAPI 3.1's dialect). Only the small map below
 * (route -> which contract schemas, a summary) is written by hand; a route missing from it still
 * appears, with its method, auth and path parameters.
 */
import * as c from '@numbernest/contracts';
import * as z from 'zod/mini';
import { routeKey, routes, type Route } from '../routes';
import { opsDocs } from './ops-docs';

export interface RouteDoc {
  summary: string;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  reply?: z.ZodMiniType;
  /** Status of the success reply (200 unless told). */
  status?: number;
  /** Limited per client IP, per user, or per account and day (core/shared/rate-limit; Start Chat's caps): 429 with Retry-After above it. */
  rateLimited?: boolean;
}

const docs: Record<string, RouteDoc> = {
  'GET /api/mobile-number-rent-times': { summary: 'Rent periods', reply: c.rentTimesReplySchema },
  'GET /api/mobile-number-countries': { summary: 'Countries with numbers', reply: c.countriesReplySchema },
  'GET /api/mobile-number-providers/{countryId}': {
    summary: "A country's services and prices",
    params: c.countryIdParamsSchema,
    reply: c.serviceProvidersReplySchema,
  },
  'POST /api/get-numbers': { summary: 'Numbers on offer', body: c.getNumbersRequestSchema, reply: c.mobileNumbersReplySchema },
  'GET /api/private-numbers': { summary: 'Countries with Private numbers', reply: c.privateCountriesReplySchema },
  'GET /api/price-summary': { summary: 'Lowest prices', reply: c.priceSummaryReplySchema },
  'GET /api/services': { summary: 'Services and their SMS-Activate codes', reply: c.catalogServicesReplySchema },
  'GET /api/blogs': { summary: 'Blog posts', reply: c.blogListReplySchema },
  'GET /api/blogs/{id}': { summary: 'One blog post', params: c.blogIdParamsSchema, reply: c.blogPostReplySchema },
  'POST /api/contact-us': { summary: 'Contact form', body: c.contactRequestSchema, reply: c.contactReplySchema, status: 201, rateLimited: true },
  'GET /api/user': { summary: "The caller's profile", reply: c.userReplySchema },
  'GET /api/user/balance': { summary: "The caller's balance", reply: c.balanceReplySchema },
  'GET /api/user/notifications': { summary: 'Notifications', query: c.notificationsQuerySchema, reply: c.notificationsReplySchema },
  'POST /api/user/notification/read': { summary: 'Mark a notification read', body: c.readNotificationRequestSchema, reply: c.statusReplySchema },
  'POST /api/user/notification/read/all': { summary: 'Mark all notifications read', reply: c.statusReplySchema },
  'PUT /api/user/settings': { summary: 'Save settings', body: c.userSettingsSchema, reply: c.settingsReplySchema },
  'DELETE /api/user': { summary: 'Delete the account', reply: c.statusReplySchema },
  'POST /api/logout': {
    summary: 'Sign out everywhere (optionally revoking the API keys and the webhook too)',
    body: c.logoutRequestSchema,
    reply: c.statusReplySchema,
  },
  'POST /api/user/top-ups': { summary: 'Start a top-up', body: c.topUpRequestSchema, reply: c.createTopUpReplySchema, rateLimited: true },
  'GET /api/user/top-ups/{id}': { summary: 'One top-up', params: c.topUpParamsSchema, reply: c.topUpReplySchema },
  'POST /api/user/transfers': { summary: 'Transfer to another user (Idempotency-Key)', body: c.transferRequestSchema, reply: c.transferReplySchema },
  'GET /api/user/transfers/allowance': { summary: 'What the caller may transfer now (card hold, daily limit)', reply: c.transferAllowanceReplySchema },
  'GET /api/user/transactions': { summary: 'Ledger history', query: c.transactionsQuerySchema, reply: c.transactionsReplySchema },
  'GET /api/user/transactions/export': {
    summary: 'The whole ledger history: CSV, or JSON with format=json',
    query: c.transactionsExportQuerySchema,
    reply: c.transactionsExportReplySchema,
  },
  'POST /api/user/rentals': { summary: 'Buy a number from the balance', body: c.purchaseRequestSchema, reply: c.rentalReplySchema },
  'GET /api/user/rentals': { summary: 'Rentals', query: c.rentalsQuerySchema, reply: c.rentalsReplySchema },
  'GET /api/user/standing': {
    summary: "The caller's standing: recent numbers delivered and unused, its tier, how many numbers it may hold at once",
    reply: c.standingReplySchema,
  },
  'GET /api/user/rentals/{id}': { summary: 'One rental', params: c.rentalParamsSchema, reply: c.rentalReplySchema },
  'POST /api/user/rentals/{id}/close': { summary: 'Close a rental (refund when unused)', params: c.rentalParamsSchema, reply: c.rentalReplySchema },
  'POST /api/user/rentals/{id}/extend': { summary: 'Extend a rental', params: c.rentalParamsSchema, body: c.extendRequestSchema, reply: c.rentalReplySchema },
  'POST /api/user/rentals/{id}/finish': { summary: 'Finish an activation that got its code', params: c.rentalParamsSchema, reply: c.rentalReplySchema },
  'POST /api/user/rentals/{id}/another-code': { summary: 'Ask for another code on an activation', params: c.rentalParamsSchema, reply: c.rentalReplySchema },
  'POST /api/user/rentals/{id}/report': {
    summary: "Report an activation's number (not delivered, already used): refunded, no longer sold for the service",
    params: c.rentalParamsSchema,
    body: c.reportRequestSchema,
    reply: c.rentalReplySchema,
  },
  'GET /api/user/messages': { summary: "The caller's messages", query: c.messagesQuerySchema, reply: c.messagesReplySchema },
  'POST /api/user/rentals/{id}/messages': {
    summary: 'Send an SMS from a Private rental (Idempotency-Key; priced per destination country; daily caps)',
    params: c.rentalParamsSchema,
    body: c.sendMessageRequestSchema,
    reply: c.sendMessageReplySchema,
    status: 201,
    rateLimited: true,
  },
  'GET /api/user/api-keys': { summary: 'API keys', reply: c.apiKeysReplySchema },
  'POST /api/user/api-keys': { summary: 'Create an API key (shown once)', body: c.createApiKeyRequestSchema, reply: c.createdApiKeyReplySchema },
  'DELETE /api/user/api-keys/{id}': { summary: 'Revoke an API key', params: c.apiKeyParamsSchema },
  'GET /api/user/webhook': { summary: 'The SMS webhook: URL, signing secret, last deliveries', reply: c.webhookReplySchema },
  'PUT /api/user/webhook': { summary: 'Set (https) or clear the SMS webhook URL', body: c.setWebhookRequestSchema, reply: c.webhookReplySchema },
  'POST /api/user/webhook/test': { summary: 'Send a signed test delivery', reply: c.webhookDeliveryReplySchema, status: 202, rateLimited: true },
  'POST /api/user/webhook/deliveries/{id}/redeliver': {
    summary: 'Deliver the same body again',
    params: c.webhookDeliveryParamsSchema,
    reply: c.webhookDeliveryReplySchema,
    status: 202,
    rateLimited: true,
  },
  'GET /api/user/forwarding': { summary: 'Forwarding: the channels each SMS goes to, and their links', reply: c.forwardingReplySchema },
  'PUT /api/user/forwarding': { summary: 'Turn forwarding channels on or off', body: c.forwardingSettingsSchema, reply: c.forwardingReplySchema },
  'GET /api/unsubscribe/email': {
    summary: 'Turn e-mail forwarding off with the signed one-time link of a forwarded e-mail (an HTML page; 400 used, 403 invalid)',
    query: c.unsubscribeQuerySchema,
  },
  'POST /api/unsubscribe/email': { summary: 'One-click unsubscribe (RFC 8058) from forwarded e-mails', query: c.unsubscribeQuerySchema },
  'GET /api/openapi.json': { summary: 'This document' },
  ...opsDocs,
};

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** Query/path parameters from an object schema's properties. */
function parameters(schema: z.ZodMiniType | undefined, where: 'query' | 'path', path: string): Json[] {
  const names = where === 'path' ? [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!) : [];
  const js = schema ? jsonSchema(schema, 'input') : {};
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  const all = where === 'path' ? names : Object.keys(props);
  return all.map((name) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    schema: props[name] ?? { type: 'string' },
  }));
}

function operation(route: Route): Json {
  const doc = docs[routeKey(route)];
  const isApi = route.path.startsWith('/api/');
  const op: Json = {
    operationId: routeKey(route)
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/_+$/, ''),
    summary: doc?.summary ?? route.handler,
    tags: [route.path.split('/')[2] ?? 'api'],
  };
  const params = [...parameters(doc?.params, 'path', route.path), ...parameters(doc?.query, 'query', route.path)];
  if (params.length) op.parameters = params;
  if (doc?.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(doc.body, 'input') } } };
  const ok: Json = { description: 'Success' };
  if (doc?.reply) ok.content = { 'application/json': { schema: jsonSchema(doc.reply, 'output') } };
  const error = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorReply' } } } };
  op.responses = {
    [String(doc?.status ?? 200)]: ok,
    ...(isApi && (doc?.body || doc?.query || doc?.params) ? { '400': error } : {}),
    ...(route.auth ? { '401': error } : {}),
    ...(route.path.startsWith('/api/ops/') ? { '403': { ...error, description: 'Not an operator' } } : {}),
    ...(doc?.rateLimited
      ? { '429': { ...error, headers: { 'Retry-After': { description: 'Seconds until the limit allows another request', schema: { type: 'integer' } } } } }
      : {}),
  };
  if (route.auth) op.security = [{ bearerAuth: [] }];
  return op;
}

export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    if (!route.path.startsWith('/api/')) continue;
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] ??= operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'NumberNest API',
      version: '1.0.0',
      description:
        'The JSON API under /api. Generated from the route table and the zod contracts. The SMS-Activate-compatible ' +
        'protocol (/stubs/handler_api.php, plain-text answers) is documented on the /api-docs page.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Cognito access token' } },
      schemas: { ErrorReply: jsonSchema(c.errorReplySchema, 'output') },
    },
  };
}

let cached: Json | undefined;
/** Built once per process (module scope). */
export const openApiDocument = (): Json => (cached ??= buildOpenApi());

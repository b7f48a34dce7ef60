/**
 * The OpenAPI 3.1 document of the JSON API, GENERATED: paths come from the one route table
 * (../routes.ts), schemas from the zod contracts (@numbernest/contracts) through zod v4's
 * `z.toJSONSchema` (JSON Schema draft 2020-12, OpenAPI 3.1's dialect); each route's reply schema
 * from the contracts' route -> reply map (@numbernest/contracts/replies, which the web's test stubs
 * are checked against too). Only the small map below (route -> request schemas, a summary) is
 * written by hand; a route missing from it still appears, with its method, auth and path parameters.
 * The 5sim-compatible API's paths (/v1/) come from its own contract (./fivesim-docs.ts).
 */
import * as c from '@numbernest/contracts';
import * as push from '@numbernest/contracts/push';
import { replySchemas } from '@numbernest/contracts/replies';
import * as whatsapp from '@numbernest/contracts/whatsapp';
import * as messenger from '@numbernest/contracts/messenger';
import * as z from 'zod/mini';
import { routeKey, routes, type Route } from '../routes';
import { fiveSimPaths, fiveSimSecurityScheme } from './fivesim-docs';
import { opsDocs } from './ops-docs';

export interface RouteDoc {
  summary: string;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  /** Status of the success reply (200 unless told). */
  status?: number;
  /** Limited per client IP, per user, or per account and day (core/shared/rate-limit; Start Chat's caps): 429 with Retry-After above it. */
  rateLimited?: boolean;
}

const docs: Record<string, RouteDoc> = {
  'GET /api/mobile-number-rent-times': { summary: 'Rent periods' },
  'GET /api/mobile-number-countries': { summary: 'Countries with numbers' },
  'GET /api/mobile-number-providers/{countryId}': {
    summary: "A country's services and prices",
    params: c.countryIdParamsSchema,
  },
  'POST /api/get-numbers': { summary: 'Numbers on offer', body: c.getNumbersRequestSchema },
  'GET /api/temporary-availability/{countryId}': { summary: 'Temporary activations available per service', params: c.countryIdParamsSchema },
  'GET /api/private-numbers': { summary: 'Countries with Private numbers' },
  'GET /api/price-summary': { summary: 'Lowest prices' },
  'GET /api/services': { summary: 'Services and their SMS-Activate codes' },
  'GET /api/blogs': { summary: 'Blog posts' },
  'GET /api/blogs/{id}': { summary: 'One blog post', params: c.blogIdParamsSchema },
  'POST /api/contact-us': { summary: 'Contact form', body: c.contactRequestSchema, status: 201, rateLimited: true },
  'GET /api/user': { summary: "The caller's profile" },
  'GET /api/user/balance': { summary: "The caller's balance" },
  'GET /api/user/notifications': { summary: 'Notifications', query: c.notificationsQuerySchema },
  'POST /api/user/notification/read': { summary: 'Mark a notification read', body: c.readNotificationRequestSchema },
  'POST /api/user/notification/read/all': { summary: 'Mark all notifications read' },
  'PUT /api/user/settings': { summary: 'Save settings', body: c.userSettingsSchema },
  'DELETE /api/user': { summary: 'Delete the account' },
  'GET /api/user/push/public-key': { summary: "The VAPID public key for this browser's push subscription" },
  'POST /api/user/push/subscriptions': {
    summary: "Save this browser's push subscription",
    body: push.pushSubscriptionSchema,
  },
  'DELETE /api/user/push/subscriptions': {
    summary: "Forget this browser's push subscription",
    body: push.pushUnsubscribeSchema,
  },
  'POST /api/logout': {
    summary: 'Sign out everywhere (optionally revoking the API keys and the webhook too)',
    body: c.logoutRequestSchema,
  },
  'POST /api/user/top-ups': { summary: 'Start a top-up', body: c.topUpRequestSchema, rateLimited: true },
  'GET /api/user/top-ups/{id}': { summary: 'One top-up', params: c.topUpParamsSchema },
  'POST /api/user/transfers': { summary: 'Transfer to another user (Idempotency-Key)', body: c.transferRequestSchema },
  'GET /api/user/transfers/allowance': { summary: 'What the caller may transfer now (card hold, daily limit)' },
  'GET /api/user/transactions': { summary: 'Ledger history', query: c.transactionsQuerySchema },
  'GET /api/user/transactions/export': {
    summary: 'The whole ledger history: CSV, or JSON with format=json',
    query: c.transactionsExportQuerySchema,
  },
  'POST /api/user/rentals': { summary: 'Buy a number from the balance', body: c.purchaseRequestSchema },
  'GET /api/user/rentals': { summary: 'Rentals', query: c.rentalsQuerySchema },
  'GET /api/user/standing': {
    summary: "The caller's standing: recent numbers delivered and unused, its tier, how many numbers it may hold at once",
  },
  'GET /api/user/rentals/{id}': { summary: 'One rental', params: c.rentalParamsSchema },
  'POST /api/user/rentals/{id}/close': { summary: 'Close a rental (refund when unused)', params: c.rentalParamsSchema },
  'POST /api/user/rentals/{id}/extend': { summary: 'Extend a rental', params: c.rentalParamsSchema, body: c.extendRequestSchema },
  'POST /api/user/rentals/{id}/finish': { summary: 'Finish an activation that got its code', params: c.rentalParamsSchema },
  'POST /api/user/rentals/{id}/another-code': { summary: 'Ask for another code on an activation', params: c.rentalParamsSchema },
  'POST /api/user/rentals/{id}/report': {
    summary: "Report an activation's number (not delivered, already used): refunded, no longer sold for the service",
    params: c.rentalParamsSchema,
    body: c.reportRequestSchema,
  },
  'GET /api/user/messages': { summary: "The caller's messages", query: c.messagesQuerySchema },
  'POST /api/user/rentals/{id}/messages': {
    summary: 'Send an SMS from a Private rental (Idempotency-Key; priced per destination country; daily caps)',
    params: c.rentalParamsSchema,
    body: c.sendMessageRequestSchema,
    status: 201,
    rateLimited: true,
  },
  'GET /api/user/api-keys': { summary: 'API keys' },
  'POST /api/user/api-keys': { summary: 'Create an API key (shown once)', body: c.createApiKeyRequestSchema },
  'DELETE /api/user/api-keys/{id}': { summary: 'Revoke an API key', params: c.apiKeyParamsSchema },
  'GET /api/user/max-prices': { summary: 'Saved price limits per service (developer API purchases)' },
  'PUT /api/user/max-prices/{serviceId}': {
    summary: "Save a service's price limit (dollars): a developer API purchase without its own maxPrice above it is refused",
    params: c.maxPriceParamsSchema,
    body: c.putMaxPriceRequestSchema,
  },
  'DELETE /api/user/max-prices/{serviceId}': { summary: "Remove a service's price limit", params: c.maxPriceParamsSchema },
  'GET /api/user/webhook': { summary: 'The SMS webhook: URL, signing secret, last deliveries' },
  'PUT /api/user/webhook': { summary: 'Set (https) or clear the SMS webhook URL', body: c.setWebhookRequestSchema },
  'POST /api/user/webhook/test': { summary: 'Send a signed test delivery', status: 202, rateLimited: true },
  'POST /api/user/webhook/deliveries/{id}/redeliver': {
    summary: 'Deliver the same body again',
    params: c.webhookDeliveryParamsSchema,
    status: 202,
    rateLimited: true,
  },
  'GET /api/user/forwarding': { summary: 'Forwarding: the channels each SMS goes to, and their links' },
  'PUT /api/user/forwarding': { summary: 'Turn forwarding channels on or off', body: c.forwardingSettingsSchema },
  'GET /api/unsubscribe/email': {
    summary: 'Turn e-mail forwarding off with the signed one-time link of a forwarded e-mail (an HTML page; 400 used, 403 invalid)',
    query: c.unsubscribeQuerySchema,
  },
  'POST /api/unsubscribe/email': { summary: 'One-click unsubscribe (RFC 8058) from forwarded e-mails', query: c.unsubscribeQuerySchema },
  'GET /api/user/whatsapp': { summary: 'The verified WhatsApp number and a code waiting, if any' },
  'POST /api/user/whatsapp/verify': {
    summary: 'Send a code by WhatsApp to a number',
    body: whatsapp.whatsappVerifyRequestSchema,
    rateLimited: true,
  },
  'POST /api/user/whatsapp/confirm': {
    summary: "Confirm the code: the number becomes the account's",
    body: whatsapp.whatsappConfirmRequestSchema,
  },
  'DELETE /api/user/whatsapp': { summary: 'Remove the WhatsApp number' },
  'POST /api/user/telegram/link': { summary: 'A one-time link that connects a Telegram chat' },
  'DELETE /api/user/telegram/link': { summary: 'Disconnect the Telegram chat' },
  'POST /api/user/messenger/link': { summary: 'A one-time m.me link that links a Messenger conversation', body: messenger.messengerLinkRequestSchema },
  'DELETE /api/user/messenger/link': { summary: 'Unlink the Messenger conversation' },
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
  const reply = replySchemas[routeKey(route)];
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
  if (reply) ok.content = { 'application/json': { schema: jsonSchema(reply, 'output') } };
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
  // The 5sim-compatible API, from its own contract rather than the route table's rows.
  Object.assign(paths, fiveSimPaths(jsonSchema));
  return {
    openapi: '3.1.0',
    info: {
      title: 'NumberNest API',
      version: '1.0.0',
      description:
        'The JSON API under /api. Generated from the route table and the zod contracts. Also the 5sim-compatible API under ' +
        "/v1 (tag 5sim): 5sim's v1 paths and JSON answers, refusals as 5sim's plain-text sentences, an API key from Account → API " +
        'as a bearer token; an existing 5sim client works by changing only its base URL. The SMS-Activate-compatible protocol ' +
        '(/stubs/handler_api.php, plain-text answers) is documented on the /api-docs page, as is the 5sim-compatible API.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Cognito access token' },
        apiKey: fiveSimSecurityScheme,
      },
      schemas: { ErrorReply: jsonSchema(c.errorReplySchema, 'output') },
    },
  };
}

let cached: Json | undefined;
/** Built once per process (module scope). */
export const openApiDocument = (): Json => (cached ??= buildOpenApi());

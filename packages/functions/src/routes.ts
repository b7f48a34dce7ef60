/**
 * The one table of HTTP routes. stacks/api.ts turns each row into an API Gateway route
 * (JWT authorizer when `auth`), and the local gateway serves the very same rows.
 *
 * `handler` is `<file under packages/functions/src without extension>.<export>`.
 */
import { fiveSimRoutes } from '@numbernest/contracts/fivesim';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  /** API Gateway v2 style: `{name}` is a path parameter. Under /api, except the SMS-Activate-compatible `/stubs/handler_api.php` and the 5sim-compatible `/v1/…`. */
  path: string;
  handler: string;
  /** true: a valid Cognito access/id token is required and its claims reach the handler. */
  auth: boolean;
}

export const routes: Route[] = [
  // Catalogue
  { method: 'GET', path: '/api/mobile-number-rent-times', handler: 'catalog/rent-times.handler', auth: false },
  { method: 'GET', path: '/api/mobile-number-countries', handler: 'catalog/countries.handler', auth: false },
  { method: 'GET', path: '/api/mobile-number-providers/{countryId}', handler: 'catalog/providers.handler', auth: false },
  { method: 'POST', path: '/api/get-numbers', handler: 'catalog/numbers.handler', auth: false },
  { method: 'GET', path: '/api/temporary-availability/{countryId}', handler: 'catalog/temporary-availability.handler', auth: false },
  { method: 'GET', path: '/api/private-numbers', handler: 'catalog/private-countries.handler', auth: false },
  { method: 'GET', path: '/api/price-summary', handler: 'catalog/price-summary.handler', auth: false },
  { method: 'GET', path: '/api/services', handler: 'catalog/services.handler', auth: false },
  // Public content
  { method: 'GET', path: '/api/blogs', handler: 'content/blog-list.handler', auth: false },
  { method: 'GET', path: '/api/blogs/{id}', handler: 'content/blog-post.handler', auth: false },
  { method: 'POST', path: '/api/contact-us', handler: 'content/contact.handler', auth: false },
  // Account (every answer is about the caller only: no route takes a user id)
  { method: 'GET', path: '/api/user', handler: 'user/profile.handler', auth: true },
  { method: 'GET', path: '/api/user/balance', handler: 'user/balance.handler', auth: true },
  { method: 'GET', path: '/api/user/notifications', handler: 'user/notifications.handler', auth: true },
  { method: 'POST', path: '/api/user/notification/read', handler: 'user/notification-read.handler', auth: true },
  { method: 'POST', path: '/api/user/notification/read/all', handler: 'user/notification-read-all.handler', auth: true },
  { method: 'PUT', path: '/api/user/settings', handler: 'user/settings.handler', auth: true },
  { method: 'DELETE', path: '/api/user', handler: 'user/delete.handler', auth: true },
  // Web Push: the VAPID key, and this browser's subscription (saved or forgotten).
  { method: 'GET', path: '/api/user/push/public-key', handler: 'user-push/public-key.handler', auth: true },
  { method: 'POST', path: '/api/user/push/subscriptions', handler: 'user-push/subscribe.handler', auth: true },
  { method: 'DELETE', path: '/api/user/push/subscriptions', handler: 'user-push/unsubscribe.handler', auth: true },
  { method: 'POST', path: '/api/logout', handler: 'auth/logout.handler', auth: true },
  // Money: top-ups, transfers, the ledger's history
  { method: 'POST', path: '/api/user/top-ups', handler: 'money/top-up-create.handler', auth: true },
  { method: 'GET', path: '/api/user/top-ups/{id}', handler: 'money/top-up.handler', auth: true },
  { method: 'POST', path: '/api/user/transfers', handler: 'money/transfer-create.handler', auth: true },
  { method: 'GET', path: '/api/user/transfers/allowance', handler: 'money/transfer-allowance.handler', auth: true },
  { method: 'GET', path: '/api/user/transactions', handler: 'money/transactions.handler', auth: true },
  { method: 'GET', path: '/api/user/transactions/export', handler: 'money/transactions-export.handler', auth: true },
  // Rentals: buy from the balance, list, close (refund when unused), extend
  { method: 'POST', path: '/api/user/rentals', handler: 'rentals/purchase.handler', auth: true },
  { method: 'GET', path: '/api/user/rentals', handler: 'rentals/list.handler', auth: true },
  { method: 'GET', path: '/api/user/standing', handler: 'rentals/standing.handler', auth: true },
  { method: 'GET', path: '/api/user/rentals/{id}', handler: 'rentals/get.handler', auth: true },
  { method: 'POST', path: '/api/user/rentals/{id}/close', handler: 'rentals/close.handler', auth: true },
  { method: 'POST', path: '/api/user/rentals/{id}/extend', handler: 'rentals/extend.handler', auth: true },
  { method: 'POST', path: '/api/user/rentals/{id}/finish', handler: 'rentals/finish.handler', auth: true },
  { method: 'POST', path: '/api/user/rentals/{id}/another-code', handler: 'rentals/another-code.handler', auth: true },
  { method: 'POST', path: '/api/user/rentals/{id}/report', handler: 'rentals/report.handler', auth: true },
  // Payment providers' notifications (public: each checks its provider's signature)
  { method: 'POST', path: '/api/webhooks/stripe', handler: 'webhooks/stripe.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/perfectmoney', handler: 'webhooks/perfectmoney.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/payeer', handler: 'webhooks/payeer.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/binance', handler: 'webhooks/binance.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/crypto', handler: 'webhooks/crypto.handler', auth: false },
  // Inbound SMS (public: each checks its upstream's signature) and the caller's messages
  { method: 'POST', path: '/api/webhooks/sms/twilio', handler: 'webhooks/sms-twilio.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/sms/gateway', handler: 'webhooks/sms-gateway.handler', auth: false },
  // Partners' SIM banks: the agent protocol's PUSH_SMS (the agent's key in the body)
  { method: 'POST', path: '/api/agents/sms', handler: 'agents/sms.handler', auth: false },
  // WhatsApp (Cloud API): Meta's subscription handshake and its signed notifications (chat messages to the bot)
  { method: 'GET', path: '/api/webhooks/whatsapp', handler: 'webhooks/whatsapp-handshake.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/whatsapp', handler: 'webhooks/whatsapp.handler', auth: false },
  { method: 'GET', path: '/api/user/messages', handler: 'messages/list.handler', auth: true },
  // Start Chat: an SMS from an active Private rental, paid per segment (+ Idempotency-Key)
  { method: 'POST', path: '/api/user/rentals/{id}/messages', handler: 'messages/send.handler', auth: true },
];

export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

// Developer API: keys (Account setting -> API) and the SMS-Activate-compatible handler_api.
// The handler_api route is public (outside /api, the protocol's own path): it checks the key itself.
routes.push(
  { method: 'GET', path: '/api/user/api-keys', handler: 'api-keys/list.handler', auth: true },
  { method: 'POST', path: '/api/user/api-keys', handler: 'api-keys/create.handler', auth: true },
  { method: 'DELETE', path: '/api/user/api-keys/{id}', handler: 'api-keys/revoke.handler', auth: true },
  { method: 'GET', path: '/api/user/max-prices', handler: 'max-prices/list.handler', auth: true },
  { method: 'PUT', path: '/api/user/max-prices/{serviceId}', handler: 'max-prices/put.handler', auth: true },
  { method: 'DELETE', path: '/api/user/max-prices/{serviceId}', handler: 'max-prices/remove.handler', auth: true },
  { method: 'GET', path: '/stubs/handler_api.php', handler: 'handler-api.handler', auth: false },
  { method: 'POST', path: '/stubs/handler_api.php', handler: 'handler-api.handler', auth: false },
);

// Developer API: the 5sim-compatible API, 5sim's own paths under /v1 (public: it checks the key itself).
routes.push(...fiveSimRoutes.map((route) => ({ method: route.method, path: route.path, handler: 'fivesim-api.handler', auth: false })));

// Developer API: the OpenAPI 3.1 document of the JSON API, generated from this table and the contracts.
routes.push({ method: 'GET', path: '/api/openapi.json', handler: 'openapi/handler.handler', auth: false });

// Customer webhooks (Account setting -> API): one URL per user for every SMS to their numbers.
routes.push(
  { method: 'GET', path: '/api/user/webhook', handler: 'user-webhook/get.handler', auth: true },
  { method: 'PUT', path: '/api/user/webhook', handler: 'user-webhook/put.handler', auth: true },
  { method: 'POST', path: '/api/user/webhook/test', handler: 'user-webhook/test.handler', auth: true },
  { method: 'POST', path: '/api/user/webhook/deliveries/{id}/redeliver', handler: 'user-webhook/redeliver.handler', auth: true },
);

// Forwarding (Account setting -> Notifications): each SMS to the channels the owner turns on; the
// e-mails' unsubscribe link is public (its signed one-time token is the key).
routes.push(
  { method: 'GET', path: '/api/user/forwarding', handler: 'forwarding/get.handler', auth: true },
  { method: 'PUT', path: '/api/user/forwarding', handler: 'forwarding/put.handler', auth: true },
  { method: 'GET', path: '/api/unsubscribe/email', handler: 'forwarding/unsubscribe.handler', auth: false },
  { method: 'POST', path: '/api/unsubscribe/email', handler: 'forwarding/unsubscribe.handler', auth: false },
);

// WhatsApp in Account setting: verify a number by a code sent by WhatsApp, keep it, remove it.
routes.push(
  { method: 'GET', path: '/api/user/whatsapp', handler: 'whatsapp/get.handler', auth: true },
  { method: 'POST', path: '/api/user/whatsapp/verify', handler: 'whatsapp/verify.handler', auth: true },
  { method: 'POST', path: '/api/user/whatsapp/confirm', handler: 'whatsapp/confirm.handler', auth: true },
  { method: 'DELETE', path: '/api/user/whatsapp', handler: 'whatsapp/remove.handler', auth: true },
);

// Partners (Account -> Partner): the caller's partner role and the agents of their SIM banks (SMSHub agent protocol).
routes.push(
  { method: 'GET', path: '/api/user/partner', handler: 'partner/summary.handler', auth: true },
  { method: 'GET', path: '/api/user/partner/agents', handler: 'partner/agents-list.handler', auth: true },
  { method: 'POST', path: '/api/user/partner/agents', handler: 'partner/agent-create.handler', auth: true },
  { method: 'PATCH', path: '/api/user/partner/agents/{id}', handler: 'partner/agent-update.handler', auth: true },
  { method: 'POST', path: '/api/user/partner/agents/{id}/key', handler: 'partner/agent-key.handler', auth: true },
  { method: 'DELETE', path: '/api/user/partner/agents/{id}', handler: 'partner/agent-remove.handler', auth: true },
  { method: 'GET', path: '/api/user/partner/payouts', handler: 'partner/payouts-list.handler', auth: true },
  { method: 'POST', path: '/api/user/partner/payouts', handler: 'partner/payout-request.handler', auth: true },
);

// The operator console: every route under /api/ops/ requires an operator (checked by the HTTP stack, lib/http.ts).
// Audit
routes.push({ method: 'GET', path: '/api/ops/audit', handler: 'ops/audit/list.handler', auth: true });
// Overview
routes.push(
  { method: 'GET', path: '/api/ops/overview', handler: 'ops/overview/get.handler', auth: true },
  { method: 'POST', path: '/api/ops/overview/active-rentals/recount', handler: 'ops/overview/recount.handler', auth: true },
);

// Inventory
routes.push(
  { method: 'GET', path: '/api/ops/numbers', handler: 'ops/numbers/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/numbers', handler: 'ops/numbers/import.handler', auth: true },
  { method: 'POST', path: '/api/ops/numbers/{numberId}/retire', handler: 'ops/numbers/retire.handler', auth: true },
  { method: 'POST', path: '/api/ops/numbers/{numberId}/unretire', handler: 'ops/numbers/unretire.handler', auth: true },
);

// Number sources: Twilio account, SMS gateway devices
routes.push(
  { method: 'GET', path: '/api/ops/sources/twilio/numbers', handler: 'ops/sources/twilio-numbers.handler', auth: true },
  { method: 'POST', path: '/api/ops/sources/twilio/import', handler: 'ops/sources/twilio-import.handler', auth: true },
  { method: 'GET', path: '/api/ops/sources/devices', handler: 'ops/sources/devices-list.handler', auth: true },
  { method: 'POST', path: '/api/ops/sources/devices', handler: 'ops/sources/device-register.handler', auth: true },
  { method: 'DELETE', path: '/api/ops/sources/devices/{id}', handler: 'ops/sources/device-unregister.handler', auth: true },
);

// Partners and their agents
routes.push(
  { method: 'GET', path: '/api/ops/partners', handler: 'ops/partners/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/partners', handler: 'ops/partners/grant.handler', auth: true },
  { method: 'DELETE', path: '/api/ops/partners/{sub}', handler: 'ops/partners/revoke.handler', auth: true },
  { method: 'GET', path: '/api/ops/agents', handler: 'ops/agents/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/agents/{id}/block', handler: 'ops/agents/block.handler', auth: true },
  { method: 'POST', path: '/api/ops/agents/{id}/unblock', handler: 'ops/agents/unblock.handler', auth: true },
  { method: 'GET', path: '/api/ops/payouts', handler: 'ops/payouts/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/payouts/{id}/approve', handler: 'ops/payouts/approve.handler', auth: true },
  { method: 'POST', path: '/api/ops/payouts/{id}/refuse', handler: 'ops/payouts/refuse.handler', auth: true },
);

// Partners' share per country and service
routes.push(
  { method: 'GET', path: '/api/ops/partner-share', handler: 'ops/partner-share/get.handler', auth: true },
  { method: 'PUT', path: '/api/ops/partner-share', handler: 'ops/partner-share/put.handler', auth: true },
  { method: 'DELETE', path: '/api/ops/partner-share/rules/{country}/{service}', handler: 'ops/partner-share/remove-rule.handler', auth: true },
);

// Upstream providers we buy Temporary activations from, and which sources may sell per country and service
routes.push(
  { method: 'GET', path: '/api/ops/upstreams', handler: 'ops/upstreams/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/upstreams', handler: 'ops/upstreams/create.handler', auth: true },
  { method: 'PATCH', path: '/api/ops/upstreams/{id}', handler: 'ops/upstreams/update.handler', auth: true },
  { method: 'DELETE', path: '/api/ops/upstreams/{id}', handler: 'ops/upstreams/remove.handler', auth: true },
  { method: 'GET', path: '/api/ops/delivery-by-source', handler: 'ops/delivery/by-source.handler', auth: true },
  { method: 'GET', path: '/api/ops/source-rules', handler: 'ops/source-rules/get.handler', auth: true },
  { method: 'PUT', path: '/api/ops/source-rules', handler: 'ops/source-rules/put.handler', auth: true },
);

// What an agent did and has: the activations it served and its stock by country and service, for its partner and operators.
routes.push(
  { method: 'GET', path: '/api/user/partner/agents/{id}/activations', handler: 'partner/agent-activations.handler', auth: true },
  { method: 'GET', path: '/api/user/partner/agents/{id}/stock', handler: 'partner/agent-stock.handler', auth: true },
  { method: 'GET', path: '/api/ops/agents/{id}/activations', handler: 'ops/agents/activations.handler', auth: true },
  { method: 'GET', path: '/api/ops/agents/{id}/stock', handler: 'ops/agents/stock.handler', auth: true },
);

// Catalogue and prices
routes.push(
  { method: 'GET', path: '/api/ops/catalogue', handler: 'ops/catalogue/get.handler', auth: true },
  { method: 'GET', path: '/api/ops/countries/{countryId}/offers', handler: 'ops/catalogue/offers.handler', auth: true },
  { method: 'POST', path: '/api/ops/countries', handler: 'ops/catalogue/add-country.handler', auth: true },
  { method: 'PATCH', path: '/api/ops/countries/{countryId}', handler: 'ops/catalogue/update-country.handler', auth: true },
  { method: 'POST', path: '/api/ops/services', handler: 'ops/catalogue/add-service.handler', auth: true },
  { method: 'PATCH', path: '/api/ops/services/{serviceId}', handler: 'ops/catalogue/update-service.handler', auth: true },
  { method: 'PUT', path: '/api/ops/offers/{countryId}/{serviceId}', handler: 'ops/catalogue/put-offer.handler', auth: true },
  { method: 'POST', path: '/api/ops/offers/bulk', handler: 'ops/catalogue/bulk.handler', auth: true },
  { method: 'PUT', path: '/api/ops/private-offers/{countryId}', handler: 'ops/catalogue/put-private-offer.handler', auth: true },
  { method: 'DELETE', path: '/api/ops/private-offers/{countryId}', handler: 'ops/catalogue/delete-private-offer.handler', auth: true },
);

// Money: top-ups in review, adjustments, rental refunds
routes.push(
  { method: 'GET', path: '/api/ops/top-ups', handler: 'ops/top-ups/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/top-ups/{id}/approve', handler: 'ops/top-ups/approve.handler', auth: true },
  { method: 'POST', path: '/api/ops/top-ups/{id}/reject', handler: 'ops/top-ups/reject.handler', auth: true },
);
// Accounts on hold (card payments taken back)
routes.push(
  { method: 'GET', path: '/api/ops/holds', handler: 'ops/holds/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/holds/{sub}/decision', handler: 'ops/holds/decide.handler', auth: true },
);

// Customers: view, block
routes.push(
  { method: 'GET', path: '/api/ops/users', handler: 'ops/users/find.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/search', handler: 'ops/users/search.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}', handler: 'ops/users/get.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/ledger', handler: 'ops/users/ledger.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/top-ups', handler: 'ops/users/top-ups.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/rentals', handler: 'ops/users/rentals.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/messages', handler: 'ops/users/messages.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/api-keys', handler: 'ops/users/api-keys.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/webhook-deliveries', handler: 'ops/users/webhook-deliveries.handler', auth: true },
  { method: 'GET', path: '/api/ops/users/{sub}/purchase-decisions', handler: 'ops/users/purchase-decisions.handler', auth: true },
  { method: 'POST', path: '/api/ops/users/{sub}/adjustments', handler: 'ops/users/adjust.handler', auth: true },
  { method: 'POST', path: '/api/ops/users/{sub}/rentals/{id}/refund', handler: 'ops/users/rental-refund.handler', auth: true },
  { method: 'POST', path: '/api/ops/users/{sub}/rentals/{id}/close', handler: 'ops/users/rental-close.handler', auth: true },
);
// Block
routes.push(
  { method: 'POST', path: '/api/ops/users/{sub}/block', handler: 'ops/block/block.handler', auth: true },
  { method: 'POST', path: '/api/ops/users/{sub}/unblock', handler: 'ops/block/unblock.handler', auth: true },
);

// Messages: orphan SMS, contact inbox
routes.push(
  { method: 'GET', path: '/api/ops/orphan-messages', handler: 'ops/orphans/list.handler', auth: true },
  { method: 'GET', path: '/api/ops/orphan-messages/{id}/rentals', handler: 'ops/orphans/rentals.handler', auth: true },
  { method: 'POST', path: '/api/ops/orphan-messages/{id}/assign', handler: 'ops/orphans/assign.handler', auth: true },
  { method: 'POST', path: '/api/ops/orphan-messages/{id}/dismiss', handler: 'ops/orphans/dismiss.handler', auth: true },
);
// Contact inbox
routes.push(
  { method: 'GET', path: '/api/ops/contact-messages', handler: 'ops/contact/list.handler', auth: true },
  { method: 'POST', path: '/api/ops/contact-messages/{id}/reply', handler: 'ops/contact/reply.handler', auth: true },
  { method: 'POST', path: '/api/ops/contact-messages/{id}/handled', handler: 'ops/contact/handled.handler', auth: true },
);

// Telegram: the bot's webhook (checks Telegram's secret token itself) and linking a chat (Account setting -> Telegram).
routes.push(
  { method: 'POST', path: '/api/webhooks/telegram', handler: 'webhooks/telegram.handler', auth: false },
  { method: 'POST', path: '/api/user/telegram/link', handler: 'user-telegram/link.handler', auth: true },
  { method: 'DELETE', path: '/api/user/telegram/link', handler: 'user-telegram/unlink.handler', auth: true },
);

// Messenger: the Page's webhook (Meta's verification request and its signed notifications) and linking a conversation (Account setting -> Messenger).
routes.push(
  { method: 'GET', path: '/api/webhooks/messenger', handler: 'webhooks/messenger-handshake.handler', auth: false },
  { method: 'POST', path: '/api/webhooks/messenger', handler: 'webhooks/messenger.handler', auth: false },
  { method: 'POST', path: '/api/user/messenger/link', handler: 'user-messenger/link.handler', auth: true },
  { method: 'DELETE', path: '/api/user/messenger/link', handler: 'user-messenger/unlink.handler', auth: true },
);

// Relative, as stacks/secrets.ts does: pure name lists that the infra can import without the workspace.
import { smsSecretNames, smsSettingDefaults, type SmsSecretName, type SmsSettingName } from '../../core/src/shared/settings/sms-names';
import { telegramSecretNames, telegramSettingDefaults, type TelegramSecretName, type TelegramSettingName } from '../../core/src/shared/settings/telegram-names';
import { paymentSecretNames, paymentSettingDefaults, type PaymentSecretName, type PaymentSettingName } from '../../core/src/shared/settings/payment-names';
import { forwardingSecretNames, type ForwardingSecretName } from '../../core/src/shared/settings/forwarding-names';
import { whatsappSecretNames, whatsappSettingDefaults, type WhatsAppSecretName, type WhatsAppSettingName } from '../../core/src/shared/settings/whatsapp-names';
import { pushSecretNames, type PushSecretName } from '../../core/src/shared/settings/push-names';
import {
  messengerSecretNames,
  messengerSettingDefaults,
  type MessengerSecretName,
  type MessengerSettingName,
} from '../../core/src/shared/settings/messenger-names';

/**
 * What each function may reach, as data: handler (`<file under packages/functions/src>.<export>`,
 * as in routes.ts) -> the linked resources its code reads as `Resource.<Name>`. stacks/links.ts
 * turns a function's row into its SST links (so its IAM policy and its `Resource` object), and
 * packages/functions/test/links.test.ts checks the rows against the route table and the bundles.
 * No imports beyond pure name lists: the infra type-check and the tests read this file.
 */
export type Need =
  | 'Table'
  /** Cognito admin calls (identity.ts): sign-out, deletion, and the e-mail of an access token's user. */
  | 'UserPool'
  | 'UserPoolClient'
  /** Pushes over the WebSocket API (ManageConnections). */
  | 'Realtime'
  /** Customer webhook deliveries (SQS SendMessage). */
  | 'WebhookQueue'
  /** The app's own e-mail (SES v2 SendEmail from its sender): operators' answers to contact messages, forwarded SMS. */
  | 'SupportMail'
  | PaymentSecretName
  | PaymentSettingName
  | SmsSecretName
  | SmsSettingName
  | ForwardingSecretName
  | WhatsAppSecretName
  | WhatsAppSettingName
  | TelegramSecretName
  | TelegramSettingName
  | MessengerSecretName
  | MessengerSettingName
  | PushSecretName;

/** Every secret and per-stage setting (all `sst.Secret`s): what a public route must not get, bar its own provider's. */
export const secretNeeds: readonly Need[] = [
  ...paymentSecretNames,
  ...(Object.keys(paymentSettingDefaults) as PaymentSettingName[]),
  ...smsSecretNames,
  ...(Object.keys(smsSettingDefaults) as SmsSettingName[]),
  ...forwardingSecretNames,
  ...whatsappSecretNames,
  ...(Object.keys(whatsappSettingDefaults) as WhatsAppSettingName[]),
  ...telegramSecretNames,
  ...(Object.keys(telegramSettingDefaults) as TelegramSettingName[]),
  ...messengerSecretNames,
  ...(Object.keys(messengerSettingDefaults) as MessengerSettingName[]),
  ...pushSecretNames,
];

/** A payment provider's secrets and settings: what its checkout (top-up) or its notification (webhook) reads. */
const payment = {
  // A dispute or refund of a payment credited before its payment intent was kept is looked up through Stripe's API.
  stripe: { checkout: ['StripeSecretKey', 'StripeApiUrl'], notification: ['StripeWebhookSecret', 'StripeSecretKey', 'StripeApiUrl'] },
  perfectmoney: {
    checkout: ['PerfectMoneyCheckoutUrl', 'PerfectMoneyPayeeAccount', 'PerfectMoneyPayeeName'],
    notification: ['PerfectMoneyAlternatePassphrase', 'PerfectMoneyPayeeAccount'],
  },
  payeer: { checkout: ['PayeerCheckoutUrl', 'PayeerShopId', 'PayeerSecretKey'], notification: ['PayeerSecretKey', 'PayeerShopId'] },
  binance: {
    checkout: ['BinancePayApiUrl', 'BinancePayApiKey', 'BinancePaySecretKey', 'BinancePayMerchantId'],
    // The notification's certificate comes from Binance's API (signed request), and the merchant is checked.
    notification: ['BinancePayApiUrl', 'BinancePayApiKey', 'BinancePaySecretKey', 'BinancePayMerchantId'],
  },
  crypto: { checkout: ['NowPaymentsApiUrl', 'NowPaymentsApiKey'], notification: ['NowPaymentsIpnSecret'] },
} satisfies Record<string, { checkout: Need[]; notification: Need[] }>;

/** Catalogue and content: the table and nothing more. */
const publicData: Need[] = ['Table'];
/**
 * Every user route: the profile is read (and created on first use, with the e-mail from Cognito
 * when the caller sent an access token, which has none), hence the pool.
 */
const user: Need[] = ['Table', 'UserPool'];
/** The operator console: the operator's own profile is read like a user's (every /api/ops route checks it). */
const ops: Need[] = user;
/** An operator's change that reaches a customer's open tabs (money, rentals, a block closing their sockets). */
const opsPushing: Need[] = [...ops, 'Realtime'];
/** A balance, rental or message change pushes to the user's open tabs. */
const userPushing: Need[] = [...user, 'Realtime'];
/** Credits and inbound SMS push too; inbound SMS also queue customer webhooks. */
const paymentWebhook = (provider: keyof typeof payment): Need[] => ['Table', 'Realtime', ...payment[provider].notification];
const smsWebhook = (secret: SmsSecretName): Need[] => ['Table', 'Realtime', 'WebhookQueue', secret];
/** Every WhatsApp message goes from our business number through Graph with the system user's token. */
const whatsappSend: Need[] = ['WhatsAppToken', 'WhatsAppPhoneNumberId', 'WhatsAppApiUrl', 'WhatsAppApiVersion'];
/** Every Messenger message goes from our Page through the Send API with the Page's access token. */
const messengerSend: Need[] = ['MessengerPageAccessToken', 'MessengerApiUrl', 'MessengerApiVersion'];

export const handlerNeeds: Record<string, readonly Need[]> = {
  'catalog/rent-times.handler': publicData,
  'catalog/countries.handler': publicData,
  'catalog/providers.handler': publicData,
  'catalog/numbers.handler': publicData,
  'catalog/temporary-availability.handler': publicData,
  'catalog/private-countries.handler': publicData,
  'catalog/price-summary.handler': publicData,
  'catalog/services.handler': publicData,
  'content/blog-list.handler': publicData,
  'content/blog-post.handler': publicData,
  'content/contact.handler': publicData,
  // Generated from the route table and the contracts: reads nothing.
  'openapi/handler.handler': [],

  'user/profile.handler': user,
  'user/balance.handler': user,
  'user/notifications.handler': user,
  'user/notification-read.handler': user,
  'user/notification-read-all.handler': user,
  'user/settings.handler': user,
  // Revocation closes the user's open WebSockets.
  'user/delete.handler': [...user, 'Realtime'],
  'auth/logout.handler': [...user, 'Realtime'],
  'money/top-up-create.handler': [...user, ...Object.values(payment).flatMap((p) => p.checkout)],
  'money/top-up.handler': user,
  'money/transfer-create.handler': userPushing,
  'money/transfer-allowance.handler': user,
  'money/transactions.handler': user,
  'money/transactions-export.handler': user,
  'rentals/purchase.handler': userPushing,
  'rentals/list.handler': user,
  'rentals/get.handler': user,
  'rentals/standing.handler': user,
  'rentals/close.handler': userPushing,
  'rentals/extend.handler': userPushing,
  'rentals/finish.handler': userPushing,
  'rentals/report.handler': userPushing,
  'rentals/another-code.handler': user,
  'messages/list.handler': user,
  'messages/send.handler': [...userPushing, 'TwilioAuthToken', 'TwilioAccountSid', 'TwilioApiUrl'],
  'api-keys/list.handler': user,
  'api-keys/create.handler': user,
  'api-keys/revoke.handler': user,
  'max-prices/list.handler': user,
  'max-prices/put.handler': user,
  'max-prices/remove.handler': user,
  'user-webhook/get.handler': user,
  'user-webhook/put.handler': user,
  'user-webhook/test.handler': [...user, 'WebhookQueue'],
  'user-webhook/redeliver.handler': [...user, 'WebhookQueue'],
  'forwarding/get.handler': user,
  'forwarding/put.handler': user,
  // Public: checks the link's signature with the secret, turns e-mail forwarding off.
  'forwarding/unsubscribe.handler': ['Table', 'UnsubscribeSecret'],
  'whatsapp/get.handler': user,
  // The code goes out as the authentication template.
  'whatsapp/verify.handler': [...user, ...whatsappSend, 'WhatsAppCodeTemplate', 'WhatsAppCodeTemplateLanguage'],
  'whatsapp/confirm.handler': user,
  'whatsapp/remove.handler': user,
  // The key alone (no profile read); unsubscribing deletes by the caller's sub (no profile either).
  'user-push/public-key.handler': [...user, 'VapidPublicKey'],
  'user-push/subscribe.handler': user,
  'user-push/unsubscribe.handler': user,

  'webhooks/stripe.handler': paymentWebhook('stripe'),
  'webhooks/perfectmoney.handler': paymentWebhook('perfectmoney'),
  'webhooks/payeer.handler': paymentWebhook('payeer'),
  'webhooks/binance.handler': paymentWebhook('binance'),
  'webhooks/crypto.handler': paymentWebhook('crypto'),
  'webhooks/sms-twilio.handler': smsWebhook('TwilioAuthToken'),
  'webhooks/sms-gateway.handler': smsWebhook('SmsGatewaySigningKey'),
  // A partner's agent names itself by its protocol key, checked against the table.
  'agents/sms.handler': ['Table', 'Realtime', 'WebhookQueue'],
  // Meta's handshake compares the verify token only; its notifications are signed with the app secret and answered in the chat.
  'webhooks/whatsapp-handshake.handler': ['WhatsAppVerifyToken'],
  'webhooks/whatsapp.handler': ['Table', 'WhatsAppAppSecret', ...whatsappSend],
  // The developer API checks its own key; purchases through it push like the web's.
  'handler-api.handler': ['Table', 'Realtime'],
  'fivesim-api.handler': ['Table', 'Realtime'],

  // The WebSocket API: $connect verifies the token against the pool and its web client.
  'realtime/connect.handler': ['Table', 'UserPool', 'UserPoolClient'],
  'realtime/disconnect.handler': ['Table'],
  'realtime/default.handler': ['Table', 'Realtime'],

  // A password reset ends the sessions (closing sockets) and revokes API keys and the webhook.
  'auth/post-confirmation.handler': ['Table', 'Realtime'],
  // Words the reset e-mail: reads nothing.
  'auth/custom-message.handler': [],

  // The operator console (/api/ops/*).
  'ops/audit/list.handler': ops,
  'ops/numbers/import.handler': ops,
  'ops/numbers/list.handler': ops,
  'ops/numbers/retire.handler': ops,
  'ops/numbers/unretire.handler': ops,
  'ops/overview/get.handler': ops,
  'ops/overview/recount.handler': ops,
  'ops/block/block.handler': opsPushing,
  'ops/block/unblock.handler': ops,
  'ops/catalogue/add-country.handler': ops,
  'ops/catalogue/add-service.handler': ops,
  'ops/catalogue/bulk.handler': ops,
  'ops/catalogue/delete-private-offer.handler': ops,
  'ops/catalogue/get.handler': ops,
  'ops/catalogue/offers.handler': ops,
  'ops/catalogue/put-offer.handler': ops,
  'ops/catalogue/put-private-offer.handler': ops,
  'ops/catalogue/update-country.handler': ops,
  'ops/catalogue/update-service.handler': ops,
  // Delivered as a routed SMS is: push and the customer's webhook.
  'ops/orphans/assign.handler': [...opsPushing, 'WebhookQueue'],
  'ops/orphans/dismiss.handler': ops,
  'ops/orphans/list.handler': ops,
  'ops/orphans/rentals.handler': ops,
  'ops/users/adjust.handler': opsPushing,
  'ops/users/api-keys.handler': ops,
  'ops/users/find.handler': ops,
  'ops/users/get.handler': ops,
  'ops/users/ledger.handler': ops,
  'ops/users/messages.handler': ops,
  'ops/users/rental-close.handler': opsPushing,
  'ops/users/rental-refund.handler': opsPushing,
  'ops/users/rentals.handler': ops,
  'ops/users/purchase-decisions.handler': ops,
  'ops/users/search.handler': ops,
  'ops/users/top-ups.handler': ops,
  'ops/users/webhook-deliveries.handler': ops,

  // Asks Twilio about Start Chat messages whose send got no recorded answer.
  'jobs/expire-rentals.handler': ['Table', 'Realtime', 'TwilioAuthToken', 'TwilioAccountSid', 'TwilioApiUrl'],
  'jobs/expire-top-ups.handler': ['Table'],
  // Calls partners' agents (their URLs, through the SSRF guard) and keeps their stock in the table.
  'jobs/poll-agents.handler': ['Table'],
  // Calls upstream providers (their URLs, through the SSRF guard) and keeps their offers in the table.
  'jobs/sync-upstreams.handler': ['Table'],
  // Delivers upstreams' codes as SMS (the open tab, customer webhooks) and carries ends to them.
  'jobs/poll-upstreams.handler': ['Table', 'Realtime', 'WebhookQueue'],
  'jobs/retry-webhooks.handler': ['Table', 'WebhookQueue'],
  // Customer webhooks, and forwarded SMS: e-mail (SES) with its signed unsubscribe link.
  'jobs/deliver-webhook.handler': [
    'Table',
    'SupportMail',
    'UnsubscribeSecret',
    ...whatsappSend,
    'WhatsAppSmsTemplate',
    'WhatsAppSmsTemplateLanguage',
    'TelegramBotToken',
    'TelegramApiUrl',
    ...messengerSend,
    'VapidPublicKey',
    'VapidPrivateKey',
  ],

  // Number sources (operator console): the Twilio account's numbers through its API; a phone's signing key derives from the gateway secret.
  'ops/sources/twilio-numbers.handler': [...ops, 'TwilioAuthToken', 'TwilioAccountSid', 'TwilioApiUrl'],
  'ops/sources/twilio-import.handler': [...ops, 'TwilioAuthToken', 'TwilioAccountSid', 'TwilioApiUrl'],
  'ops/sources/devices-list.handler': ops,
  'ops/sources/device-register.handler': [...ops, 'SmsGatewaySigningKey'],
  'ops/sources/device-unregister.handler': ops,
  // Partners and their agents (SMSHub agent protocol): the partner's own routes read the profile like any user route.
  'partner/summary.handler': user,
  'partner/agents-list.handler': user,
  'partner/agent-create.handler': user,
  'partner/agent-update.handler': user,
  'partner/agent-key.handler': user,
  'partner/agent-remove.handler': user,
  'ops/partners/list.handler': ops,
  'ops/partners/grant.handler': ops,
  'ops/partners/revoke.handler': ops,
  'ops/agents/list.handler': ops,
  'ops/agents/block.handler': ops,
  'ops/agents/unblock.handler': ops,
  // Partners' payouts: a request debits and a refusal credits back, pushing the new balance; a decision tells the partner.
  'partner/payouts-list.handler': user,
  'partner/payout-request.handler': userPushing,
  'ops/payouts/list.handler': ops,
  'ops/payouts/approve.handler': opsPushing,
  'ops/payouts/refuse.handler': opsPushing,
  // Partners' share per country and service: one settings item, checked against the catalogue.
  'ops/partner-share/get.handler': ops,
  'ops/partner-share/put.handler': ops,
  'ops/partner-share/remove-rule.handler': ops,
  // Upstream providers and the source rules: operators' records only (the wire to the upstreams is not called here).
  'ops/upstreams/list.handler': ops,
  'ops/upstreams/create.handler': ops,
  'ops/upstreams/update.handler': ops,
  'ops/upstreams/remove.handler': ops,
  'ops/delivery/by-source.handler': ops,
  'ops/source-rules/get.handler': ops,
  'ops/source-rules/put.handler': ops,
  // An agent's activations and stock, read-only.
  'partner/agent-activations.handler': user,
  'partner/agent-stock.handler': user,
  'ops/agents/activations.handler': ops,
  'ops/agents/stock.handler': ops,
  // Operator console: money (top-ups in review). An approval credits and a rejection notifies: both push to the customer's tabs.
  'ops/top-ups/list.handler': ops,
  'ops/top-ups/approve.handler': opsPushing,
  'ops/top-ups/reject.handler': opsPushing,
  // Operator console: accounts on hold after a card payment was taken back.
  'ops/holds/list.handler': ops,
  // A release tells the customer (a notification pushed to their tabs).
  'ops/holds/decide.handler': opsPushing,
  // Operator console: the contact inbox. An answer is e-mailed (SES).
  'ops/contact/list.handler': ops,
  'ops/contact/reply.handler': [...ops, 'SupportMail'],
  'ops/contact/handled.handler': ops,

  // Telegram: the bot answers from the table (balance, rentals, purchases that push to open tabs) through the Bot API.
  'webhooks/telegram.handler': ['Table', 'Realtime', 'TelegramWebhookSecret', 'TelegramBotToken', 'TelegramApiUrl'],
  // Connect asks the Bot API for the bot's username (the t.me link); Disconnect tells the chat.
  'user-telegram/link.handler': [...user, 'TelegramBotToken', 'TelegramApiUrl'],
  'user-telegram/unlink.handler': [...user, 'TelegramBotToken', 'TelegramApiUrl'],
  // Messenger: the Page's webhook links people by reference and answers commands from the table through the Send API.
  'webhooks/messenger-handshake.handler': ['MessengerVerifyToken'],
  'webhooks/messenger.handler': ['Table', 'MessengerAppSecret', ...messengerSend],
  'user-messenger/link.handler': [...user, 'MessengerPageUsername', 'MessengerLinkBase'],
  'user-messenger/unlink.handler': [...user, ...messengerSend],
};

/**
 * The DynamoDB actions a function may use on the table and its indexes: items and queries only.
 * Transactions are authorised per item (Put/Update/Delete/ConditionCheck). No Scan (the ledger
 * checker runs with an operator's credentials), and nothing that deletes or re-creates the table.
 */
export const tableActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

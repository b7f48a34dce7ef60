/// <reference path="../../../sst-env.d.ts" />
import { Resource } from 'sst/resource';
import { smsSettingDefaults, type SmsSecretName, type SmsSettingName } from './sms-names';
import { paymentSettingDefaults, type PaymentSecretName, type PaymentSettingName } from './payment-names';
import type { ForwardingSecretName } from './forwarding-names';
import type { WhatsAppSecretName, WhatsAppSettingName } from './whatsapp-names';
import type { TelegramSecretName, TelegramSettingName } from './telegram-names';
import type { MessengerSecretName, MessengerSettingName } from './messenger-names';
import type { PushSecretName } from './push-names';

/**
 * The one reader of what a function is linked to, read as on AWS: `Resource.<Name>` (the SST link:
 * the table, the pool, the socket API, the webhook queue, each `sst.Secret` of stacks/secrets.ts).
 * Locally each comes from `SST_RESOURCE_<Name>` (JSON), which the local cloud fills from the
 * environment of `npm start` or its local defaults (packages/local/src/env.ts). Read at call
 * time, never at import: links may be set after a module loads, and sst's Resource takes the
 * environment once, on first access.
 *
 * Callers pass each name literally, never from a list: packages/functions/test/links.test.ts finds
 * the names a function reads in its bundle.
 */
export type SecretName =
  PaymentSecretName | SmsSecretName | ForwardingSecretName | WhatsAppSecretName | TelegramSecretName | MessengerSecretName | PushSecretName;
export type SettingName = PaymentSettingName | SmsSettingName | WhatsAppSettingName | TelegramSettingName | MessengerSettingName;
type Linkable = keyof Resource;

// WhatsApp's and Telegram's defaults stay with their modules (passed where read; linked with them on every stage):
// every bundle reading a setting carries this map.
const settingDefaults: Partial<Record<SettingName, string>> = { ...paymentSettingDefaults, ...smsSettingDefaults };

/** SST's Resource throws for a name that is not linked; `in` asks first. */
const linkedValue = (name: string): unknown => (name in Resource ? (Resource as unknown as Record<string, unknown>)[name] : undefined);

/** A linked resource's fields, or undefined where this function is not linked to it (scripts, tests, another function). */
export function linked<N extends Linkable>(name: N): Resource[N] | undefined {
  return linkedValue(name) as Resource[N] | undefined;
}

/** A linked resource's fields; a missing link is a deploy mistake, and SST's own error names it. */
export function resource<N extends Linkable>(name: N): Resource[N] {
  return Resource[name];
}

/** A secret's value, or undefined where it is not set (a script run outside a stage's `sst shell`). */
export function secretIfSet(name: SecretName): string | undefined {
  return (linkedValue(name) as { value?: string } | undefined)?.value || undefined;
}

/** A secret's value; a missing one is a deploy mistake, said by name. */
export function secret(name: SecretName): string {
  const value = secretIfSet(name);
  if (!value) throw new Error(`Secret ${name} is not set (npx sst secret set ${name} … --stage <stage>)`);
  return value;
}

/** A per-stage setting's value, or its default when the stage sets none. */
export function setting(name: SettingName, fallback = settingDefaults[name]): string {
  const value = (linkedValue(name) as { value?: string } | undefined)?.value || fallback;
  if (!value) throw new Error(`Setting ${name} is not set (npx sst secret set ${name} … --stage <stage>)`);
  return value;
}

/** The local cloud (SST's App resource says stage `local`), where callers reach the one port by any host name. */
export function isLocalStage(): boolean {
  return (linkedValue('App') as { stage?: string } | undefined)?.stage === 'local';
}

/** Public base URLs: where browsers come back to (the site) and where providers post to (the API; stacks/api.ts sets API_URL). */
export const siteUrl = () => (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const apiUrl = () => (process.env.API_URL ?? siteUrl()).replace(/\/$/, '');
/** Where the SMS upstreams post on a stage (unlike `apiUrl`, never the site's URL). */
export const smsWebhookBaseUrl = () => (process.env.API_URL ?? 'http://localhost:3000').replace(/\/$/, '');

/*
 * Plain settings from the functions' environment (stacks/function-defaults.ts; locally packages/local/src/env.ts),
 * each with its default where unset, read per call so a test may change them. Nothing else in core or the
 * functions reads process.env (a lint rule).
 */
/** How long a warm function keeps the catalogue (catalog/reference-cache.ts): a change shows publicly within this many seconds. */
export const catalogCacheSeconds = () => Number(process.env.CATALOG_CACHE_SECONDS ?? 60);
/** The partners' default share, in percent of an activation's price, until an operator sets one (supply/agents/share.ts). */
export const agentSharePercent = () => Number(process.env.AGENT_SHARE_PERCENT ?? 60);
/**
 * How long one Temporary purchase may spend asking outside sources (partners' agents) in all, from
 * when it turns to them: the customer never waits much longer than one agent's deadline. The local
 * test clouds widen it: their emulators, on a loaded machine, eat the budget before any agent is asked.
 */
export const outsideSupplyBudgetMs = () => Number(process.env.OUTSIDE_SUPPLY_BUDGET_MS ?? 3_500);
/** Where image paths are served from. */
export const imageBaseUrl = () => process.env.IMAGE_BASE_URL ?? '/images';
/** Origins allowed to call the API from a browser (comma separated). */
export const webOrigins = () =>
  (process.env.WEB_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
/** The lowest level a log line is written at (debug, info, warn, error, silent); info by default. */
export const logLevel = () => (process.env.LOG_LEVEL ?? 'info').toLowerCase();
/** The local cloud's Cognito (the AWS SDK's own endpoint variable, which the SDK clients read too); unset on AWS. */
export const localCognitoEndpoint = () => process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER || undefined;
export { paymentSecretNames, paymentSettingDefaults } from './payment-names';
export type { PaymentSecretName, PaymentSettingName } from './payment-names';

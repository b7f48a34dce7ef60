/// <reference path="../../sst-env.d.ts" />
import { Resource } from 'sst/resource';
import { smsSettingDefaults, type SmsSecretName, type SmsSettingName } from './setting-names';

/**
 * The SMS upstreams' secrets (and settings), read as on AWS: `Resource.<Name>.value` (an `sst.Secret` linked to
 * the function). Locally from `SST_RESOURCE_<Name>`, which the local cloud fills from the
 * environment of `npm start` or its local defaults. Read at call time, never at import.
 */
export function smsSecret(name: SmsSecretName): string {
  const value = name in Resource ? (Resource as unknown as Record<string, { value?: string }>)[name]?.value : undefined;
  if (!value) throw new Error(`Secret ${name} is not set (npx sst secret set ${name} … --stage <stage>)`);
  return value;
}

/** A setting's value (`Resource.<Name>.value`), or its default when the stage sets none. */
export function smsSetting(name: SmsSettingName): string {
  // SST's Resource throws for a name that is not linked, hence the `in`.
  const linked = name in Resource ? (Resource as unknown as Record<string, { value?: string }>)[name] : undefined;
  const value = linked?.value || smsSettingDefaults[name];
  if (!value) throw new Error(`Setting ${name} is not set (npx sst secret set ${name} … --stage <stage>)`);
  return value;
}

/** The local cloud (SST's App resource says stage `local`), where callers reach the one port by any host name. */
export function isLocalStage(): boolean {
  const app = 'App' in Resource ? (Resource as unknown as { App?: { stage?: string } }).App : undefined;
  return app?.stage === 'local';
}

/** Where the SMS upstreams post on a stage: the API's public URL (stacks/api.ts sets API_URL). */
export const smsWebhookBaseUrl = () => (process.env.API_URL ?? 'http://localhost:3000').replace(/\/$/, '');

/// <reference path="../../sst-env.d.ts" />
import { Resource } from 'sst/resource';
import { paymentSettingDefaults, type PaymentSecretName, type PaymentSettingName } from './setting-names';

/**
 * Provider secrets and settings, read as on AWS: `Resource.<Name>.value` (an `sst.Secret` linked to
 * the function; stacks/secrets.ts). Locally each comes from `SST_RESOURCE_<Name>` ({"value":"…"}),
 * which the local cloud fills from the environment of `npm start` or from its one list of local
 * defaults (packages/local/src/payments/settings.ts). Read at call time, never at import.
 */
/** A secret's value; a missing one is a deploy mistake, said by name. */
export function secret(name: PaymentSecretName): string {
  const value = name in Resource ? (Resource as unknown as Record<string, { value?: string }>)[name]?.value : undefined;
  if (!value) throw new Error(`Secret ${name} is not set (npx sst secret set ${name} … --stage <stage>)`);
  return value;
}

/** A setting's value, or its default when the stage sets none. */
export function setting(name: PaymentSettingName): string {
  // SST's Resource throws for a name that is not linked, hence the `in`.
  const linked = name in Resource ? (Resource as unknown as Record<string, { value?: string }>)[name] : undefined;
  const value = linked?.value || paymentSettingDefaults[name];
  if (!value) throw new Error(`Setting ${name} is not set (npx sst secret set ${name} … --stage <stage>)`);
  return value;
}

/** Public base URLs: where browsers come back to (the site) and where providers post to (the API). */
export const siteUrl = () => (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const apiUrl = () => (process.env.API_URL ?? siteUrl()).replace(/\/$/, '');

import { localPaymentValues } from '@numbernest/local/payments/settings';

/**
 * For adapter tests: gives the adapters (through sst's Resource) and the sandboxes' notification
 * makers (through `localValue`) the same local secrets and settings, with `apiUrl` as the
 * providers' base URL. sst's Resource takes the environment once, on first access: call this
 * before anything reads a secret.
 */
export function useLocalPaymentSecrets(apiUrl = 'http://localhost:3999'): void {
  process.env.SST_RESOURCE_App ??= JSON.stringify({ name: 'numbernest', stage: 'test' });
  for (const [name, value] of Object.entries(localPaymentValues(apiUrl))) process.env[`SST_RESOURCE_${name}`] = JSON.stringify({ value });
}

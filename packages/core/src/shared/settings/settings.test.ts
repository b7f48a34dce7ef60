import { afterEach, describe, expect, it, vi } from 'vitest';

// sst's Resource reads the environment once, on its first access: set it before any test reads,
// starting from none (a full run's local cloud exports its own to every worker).
for (const name of Object.keys(process.env)) if (name.startsWith('SST_RESOURCE_')) delete process.env[name];
process.env.SST_RESOURCE_App = JSON.stringify({ name: 'numbernest', stage: 'local' });
process.env.SST_RESOURCE_Table = JSON.stringify({ name: 'numbernest-test-table' });
process.env.SST_RESOURCE_StripeSecretKey = JSON.stringify({ value: 'sk_test_1' });
process.env.SST_RESOURCE_TwilioApiUrl = JSON.stringify({ value: 'http://localhost:3999/twilio' });
process.env.SST_RESOURCE_PayeerShopId = JSON.stringify({ value: '' });

const {
  isLocalStage,
  linked,
  resource,
  secret,
  setting,
  apiUrl,
  siteUrl,
  smsWebhookBaseUrl,
  catalogCacheSeconds,
  imageBaseUrl,
  webOrigins,
  logLevel,
  localCognitoEndpoint,
} = await import('.');

describe('the settings reader', () => {
  it('reads a linked resource, and says undefined for one this process is not linked to', () => {
    expect(linked('Table')?.name).toBe('numbernest-test-table');
    expect(resource('Table').name).toBe('numbernest-test-table');
    expect(linked('Realtime')).toBeUndefined();
    expect(linked('WebhookQueue')?.url).toBeUndefined();
  });

  it('throws SST’s own error for a required link that is missing', () => {
    expect(() => resource('UserPool')).toThrow(/UserPool/);
  });

  it('reads a secret’s value and names a missing one', () => {
    expect(secret('StripeSecretKey')).toBe('sk_test_1');
    expect(() => secret('TwilioAuthToken')).toThrow('Secret TwilioAuthToken is not set');
  });

  it('reads a setting, falling back to its default when unset or empty, and names one with neither', () => {
    expect(setting('TwilioApiUrl')).toBe('http://localhost:3999/twilio');
    expect(setting('StripeApiUrl')).toBe('https://api.stripe.com');
    expect(setting('PerfectMoneyPayeeName')).toBe('NumberNest');
    expect(() => setting('PayeerShopId')).toThrow('Setting PayeerShopId is not set');
    expect(() => setting('TwilioAccountSid')).toThrow('Setting TwilioAccountSid is not set');
  });

  it('knows the local stage from the App resource', () => {
    expect(isLocalStage()).toBe(true);
  });

  it('gives the public base URLs without a trailing slash, the API falling back to the site but the SMS base not', () => {
    const saved = { site: process.env.SITE_URL, api: process.env.API_URL };
    try {
      process.env.SITE_URL = 'https://example.test/';
      delete process.env.API_URL;
      expect(siteUrl()).toBe('https://example.test');
      expect(apiUrl()).toBe('https://example.test');
      expect(smsWebhookBaseUrl()).toBe('http://localhost:3000');
      process.env.API_URL = 'https://api.example.test/';
      expect(apiUrl()).toBe('https://api.example.test');
      expect(smsWebhookBaseUrl()).toBe('https://api.example.test');
    } finally {
      for (const [key, value] of [
        ['SITE_URL', saved.site],
        ['API_URL', saved.api],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });

  describe('the plain environment settings', () => {
    afterEach(() => vi.unstubAllEnvs());
    const names = ['CATALOG_CACHE_SECONDS', 'IMAGE_BASE_URL', 'WEB_ORIGINS', 'LOG_LEVEL', 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'];

    it('fall back to their defaults when unset', () => {
      for (const name of names) vi.stubEnv(name, undefined);
      expect([catalogCacheSeconds(), imageBaseUrl(), webOrigins(), logLevel(), localCognitoEndpoint()]).toEqual([60, '/images', [], 'info', undefined]);
    });

    it('read what the stage sets, at each call', () => {
      vi.stubEnv('CATALOG_CACHE_SECONDS', '5');
      vi.stubEnv('IMAGE_BASE_URL', 'https://cdn.example.test/images');
      vi.stubEnv('WEB_ORIGINS', ' https://example.test, ,http://localhost:5173 ');
      vi.stubEnv('LOG_LEVEL', 'WARN');
      vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', '');
      expect(catalogCacheSeconds()).toBe(5);
      expect(imageBaseUrl()).toBe('https://cdn.example.test/images');
      expect(webOrigins()).toEqual(['https://example.test', 'http://localhost:5173']);
      expect(logLevel()).toBe('warn');
      expect(localCognitoEndpoint()).toBeUndefined();
      vi.stubEnv('LOG_LEVEL', 'debug');
      expect(logLevel()).toBe('debug');
    });
  });
});

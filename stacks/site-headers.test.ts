import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloudFrontCspMaxLength, siteSecurityHeadersConfig } from './site-headers';

/** The deployed Router's response headers policy (stacks/router.ts), as the stack builds it. */
const template = readFileSync(resolve(import.meta.dirname, '../web/index.html'), 'utf8');
const config = siteSecurityHeadersConfig({
  region: 'eu-central-1',
  hostedUiDomain: 'numbernest-production-0a1b2c3d.auth.eu-central-1.amazoncognito.com',
  perfectMoneyCheckoutUrl: 'https://perfectmoney.com/api/step1.asp',
  template,
});
const csp = config.contentSecurityPolicy.contentSecurityPolicy;
const directive = (name: string) =>
  csp
    .split('; ')
    .find((d) => d.split(' ')[0] === name)
    ?.split(' ')
    .slice(1);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the deployed site headers policy', () => {
  it('sets every header, overriding anything an origin sends', () => {
    expect(config.contentTypeOptions).toEqual({ override: true });
    expect(config.frameOptions).toEqual({ frameOption: 'DENY', override: true });
    expect(config.referrerPolicy).toEqual({ referrerPolicy: 'strict-origin-when-cross-origin', override: true });
    expect(config.strictTransportSecurity).toMatchObject({ includeSubdomains: true, override: true });
    expect(config.strictTransportSecurity.accessControlMaxAgeSec).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(config.contentSecurityPolicy.override).toBe(true);
    expect(csp.length).toBeLessThanOrEqual(cloudFrontCspMaxLength);
  });

  it('runs only the site’s own scripts and styles and the template’s one inline script, by hash; no eval, no inline style', () => {
    const [, inline] = /<script>([\s\S]*?)<\/script>/.exec(template)!;
    expect(directive('script-src')).toEqual(["'self'", sha256(inline!)]);
    expect(directive('style-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*\s*;|https:\s*;/);
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('base-uri')).toEqual(["'none'"]);
  });

  it('cannot be framed, and upgrades any http subresource', () => {
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('upgrade-insecure-requests')).toEqual([]);
  });

  it('reaches the API and the WebSocket API of its region, Cognito, the hosted UI (Google sign-in); posts forms to Perfect Money only', () => {
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://*.execute-api.eu-central-1.amazonaws.com',
      'wss://*.execute-api.eu-central-1.amazonaws.com',
      'https://cognito-idp.eu-central-1.amazonaws.com',
      'https://numbernest-production-0a1b2c3d.auth.eu-central-1.amazoncognito.com',
    ]);
    expect(directive('form-action')).toEqual(["'self'", 'https://perfectmoney.com']);
    expect(directive('img-src')).toEqual(["'self'", 'data:']);
  });
});

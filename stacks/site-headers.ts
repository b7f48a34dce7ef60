import { contentSecurityPolicy, hstsMaxAgeSeconds, inlineHashes, originOf, referrerPolicy } from '../packages/local/src/security-headers';

/**
 * The deployed site's security headers, as a CloudFront response headers policy on the Router
 * (stacks/router.ts): the same policy the local cloud serves (packages/local/src/security-headers.ts),
 * with the origins the app reaches on AWS and HSTS (CloudFront serves it over https only).
 *
 * The Router is created before the API, the WebSocket API and the user pool (they need its URL), so
 * the policy cannot name their generated hosts without a cycle: it names the region's API Gateway
 * hosts (`*.execute-api.<region>.amazonaws.com`, https and wss), Cognito's API in the region, and
 * the hosted UI (its prefix is fixed per app, stage and account: cognito-names.ts), whose token
 * endpoint completes a Google sign-in. Payment checkouts are navigations (not limited by CSP),
 * except Perfect Money's, which is a form post: form-action names its origin.
 */
export interface DeployedSite {
  region: string;
  /** `<prefix>.auth.<region>.amazoncognito.com` */
  hostedUiDomain: string;
  perfectMoneyCheckoutUrl: string;
  /** web/index.html: its inline script and style are allowed by hash. */
  template: string;
}

export const deployedConnectSources = (region: string, hostedUiDomain: string) => [
  `https://*.execute-api.${region}.amazonaws.com`,
  `wss://*.execute-api.${region}.amazonaws.com`,
  `https://cognito-idp.${region}.amazonaws.com`,
  `https://${hostedUiDomain}`,
];

export function deployedContentSecurityPolicy(site: DeployedSite): string {
  return contentSecurityPolicy({
    hashes: inlineHashes(site.template),
    connect: deployedConnectSources(site.region, site.hostedUiDomain),
    formAction: [originOf(site.perfectMoneyCheckoutUrl)],
    https: true,
  });
}

/** CloudFront's limit on a response headers policy's Content-Security-Policy value. */
export const cloudFrontCspMaxLength = 1783;

/** `securityHeadersConfig` of aws.cloudfront.ResponseHeadersPolicy; `override` so no origin's header wins over ours. */
export function siteSecurityHeadersConfig(site: DeployedSite) {
  const csp = deployedContentSecurityPolicy(site);
  if (csp.length > cloudFrontCspMaxLength)
    throw new Error(`The site's Content-Security-Policy is ${csp.length} characters; CloudFront takes ${cloudFrontCspMaxLength}`);
  return {
    contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: 'DENY', override: true },
    referrerPolicy: { referrerPolicy, override: true },
    strictTransportSecurity: { accessControlMaxAgeSec: hstsMaxAgeSeconds, includeSubdomains: true, preload: false, override: true },
  };
}

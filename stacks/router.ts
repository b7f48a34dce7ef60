import { readFileSync } from 'node:fs';
import { hostedUiDomainPrefix } from './cognito-names';
import { paymentSettings } from './secrets';
import { siteSecurityHeadersConfig } from './site-headers';
import { unrenderedPostsToApp, unservedPathsNotFound } from './site-routes';
import { localOrigins, region } from './stage';
import { routerRateRules, wafRules } from './waf-rules';

/**
 * The site's security headers (CSP, HSTS, nosniff, Referrer-Policy, frame denial) on every response
 * of the Router: stacks/site-headers.ts. The template is read from the app's root, where SST runs
 * this program (as StaticSite's `path: 'web'` is).
 */
const siteHeaders = new aws.cloudfront.ResponseHeadersPolicy('SiteHeaders', {
  comment: `${$app.name} ${$app.stage} security headers`,
  securityHeadersConfig: $resolve([region, aws.getCallerIdentityOutput().accountId, paymentSettings.PerfectMoneyCheckoutUrl.value]).apply(
    ([awsRegion, account, perfectMoneyCheckoutUrl]) =>
      siteSecurityHeadersConfig({
        region: awsRegion,
        hostedUiDomain: `${hostedUiDomainPrefix($app.name, $app.stage, account)}.auth.${awsRegion}.amazoncognito.com`,
        perfectMoneyCheckoutUrl,
        template: readFileSync('web/index.html', 'utf8'),
      }),
  ),
});

/**
 * The site's public entry point, created before everything that needs to know the site URL.
 *
 * Why a Router: the site's build needs the API URL and the Cognito ids, while the API (CORS,
 * WEB_ORIGINS, IMAGE_BASE_URL) and the Cognito client (callback URLs) need the site URL. With the
 * StaticSite's own CloudFront distribution that is a cycle. The Router's distribution depends on
 * nothing, so its URL is known first; the site attaches to it (stacks/web.ts) and everyone else
 * reads `siteUrl` from here. A custom domain would go on this Router (`domain: ...`).
 */
export const router = new sst.aws.Router('Router', {
  edge: { viewerRequest: { injection: unrenderedPostsToApp() }, viewerResponse: { injection: unservedPathsNotFound() } },
  // AWS WAF on the distribution (a CLOUDFRONT web ACL, which SST creates in us-east-1 as AWS requires).
  waf: true,
  transform: {
    // Our rate rules (waf-rules.ts) in place of SST's defaults.
    waf: (args) => {
      args.rules = wafRules(routerRateRules, 'Router');
    },
    // Every behavior the distribution has (SST routes through the default one; any other gets it too).
    cdn: (args) => {
      const withHeaders = <T extends object>(behavior: T) => siteHeaders.id.apply((responseHeadersPolicyId) => ({ ...behavior, responseHeadersPolicyId }));
      args.defaultCacheBehavior = $output(args.defaultCacheBehavior).apply(withHeaders);
      if (args.orderedCacheBehaviors) {
        args.orderedCacheBehaviors = $output(args.orderedCacheBehaviors).apply((behaviors) => $resolve(behaviors.map(withHeaders)));
      }
    },
  },
});

export const siteUrl = router.url;

/** Origins allowed to call the API and to finish a hosted-UI sign-in. */
export const webOrigins = siteUrl.apply((url) => [url, ...localOrigins]);

/** Public images are static files of the site (web/public/images). */
export const imageBaseUrl = $interpolate`${siteUrl}/images`;

import { signUpsPerAddress } from '../packages/local/src/cognito/limits';

/**
 * The stage's AWS WAF rate rules, as plain data (no SST globals, so waf-rules.test.ts reads exactly
 * what deploys): one web ACL on the user pool (stacks/auth.ts), one on the Router's CloudFront
 * distribution (stacks/router.ts). Each rule counts requests per client IP over its window and
 * blocks past the limit: WAF checks the rate about every 10 s and keeps counting the blocked
 * requests, so a client that keeps trying stays blocked. A blocked call to the user pool's API gets
 * 403 `ForbiddenException` "Request not allowed due to WAF block."; a blocked page, CloudFront's 403.
 * The figures and their reasons are in docs/deploy.md.
 */
export interface RateRule {
  name: string;
  /** Requests per client IP within the window (WAF takes 10 at least). */
  limit: number;
  /** WAF's evaluation windows. */
  windowSeconds: 60 | 120 | 300 | 600;
  /** Count only these Cognito API operations (their X-Amz-Target); every request when absent. */
  operations?: readonly string[];
}

/** Requests to the user pool: its API (sign-up, sign-in, codes, token refresh) and the hosted UI. */
export const userPoolRateRules: readonly RateRule[] = [
  // The local Cognito proxy holds the same (packages/local/src/cognito/limits.ts).
  { name: 'SignUpsPerIp', limit: signUpsPerAddress.limit, windowSeconds: signUpsPerAddress.windowSeconds, operations: ['SignUp'] },
  // A person signs in in a try or three and asks for a code or two; credential stuffing across
  // accounts, which Cognito's per-user lockout does not see, sends thousands.
  {
    name: 'SignInsAndCodesPerIp',
    limit: 100,
    windowSeconds: 300,
    operations: ['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword', 'ResendConfirmationCode', 'ConfirmSignUp'],
  },
  // Everything else a tab sends (token refreshes, GetUser, attribute changes): a few an hour each.
  { name: 'AllPerIp', limit: 1000, windowSeconds: 300 },
];

/**
 * Requests to the site: a first visit loads at most ~100 files (the page, its scripts and styles,
 * ~70 pictures), later ones come from the browser's cache; 3,000 in 5 minutes is 30 cold visits
 * from one address, more than an office behind one NAT makes, and a scraper or a flood passes it
 * in seconds. The API is not behind the Router: its own limits are in docs/deploy.md.
 */
export const routerRateRules: readonly RateRule[] = [{ name: 'AllPerIp', limit: 3000, windowSeconds: 300 }];

const cognitoTargetPrefix = 'AWSCognitoIdentityProviderService';

/** CloudWatch metrics and sampled requests, per rule and per web ACL. */
export const visibility = (metricName: string) => ({ cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });

/** The rules in `aws.wafv2.WebAcl`'s shape, in order; metrics are named `<metricPrefix><rule>`. */
export function wafRules(rules: readonly RateRule[], metricPrefix: string) {
  return rules.map((rule, priority) => ({
    name: rule.name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit: rule.limit,
        evaluationWindowSec: rule.windowSeconds,
        aggregateKeyType: 'IP',
        ...(rule.operations && {
          scopeDownStatement: {
            regexMatchStatement: {
              regexString: `^${cognitoTargetPrefix}\\.(${rule.operations.join('|')})$`,
              fieldToMatch: { singleHeader: { name: 'x-amz-target' } },
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        }),
      },
    },
    visibilityConfig: visibility(`${metricPrefix}${rule.name}`),
  }));
}

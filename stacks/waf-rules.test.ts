import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signUpsPerAddress } from '../packages/local/src/cognito/limits';
import { routerRateRules, userPoolRateRules, wafRules } from './waf-rules';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe.each([
  ['the user pool', userPoolRateRules, 'UserPool'],
  ['the Router', routerRateRules, 'Router'],
] as const)('the web ACL on %s (stacks/waf-rules.ts)', (_acl, rules, prefix) => {
  const deployed = wafRules(rules, prefix);

  it('blocks per client IP past a limit WAF accepts, over one of its windows, each rule with its own metrics', () => {
    expect(deployed.length).toBeGreaterThan(0);
    for (const rule of deployed) {
      const { limit, evaluationWindowSec, aggregateKeyType } = rule.statement.rateBasedStatement;
      expect(Number.isInteger(limit) && limit >= 10, rule.name).toBe(true);
      expect([60, 120, 300, 600]).toContain(evaluationWindowSec);
      expect(aggregateKeyType).toBe('IP');
      expect(rule.action).toEqual({ block: {} });
      expect(rule.visibilityConfig).toEqual({ cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${prefix}${rule.name}` });
      expect(rule.visibilityConfig.metricName).toMatch(/^[\w-]{1,128}$/);
    }
    expect(new Set(deployed.map((rule) => rule.name)).size).toBe(deployed.length);
    expect(deployed.map((rule) => rule.priority)).toEqual(deployed.map((_, i) => i));
  });
});

describe('the user pool’s rules', () => {
  const [signUps, signIns, all] = wafRules(userPoolRateRules, 'UserPool');
  const counts = (rule: typeof signUps, target: string) => {
    const scope = rule!.statement.rateBasedStatement.scopeDownStatement;
    return !scope || new RegExp(scope.regexMatchStatement.regexString).test(target);
  };

  it('hold sign-ups per IP to the local Cognito proxy’s figure, counting SignUp only', () => {
    expect(signUps!.statement.rateBasedStatement).toMatchObject({ limit: signUpsPerAddress.limit, evaluationWindowSec: signUpsPerAddress.windowSeconds });
    expect(signUps!.statement.rateBasedStatement.scopeDownStatement?.regexMatchStatement.fieldToMatch).toEqual({ singleHeader: { name: 'x-amz-target' } });
    expect(counts(signUps, 'AWSCognitoIdentityProviderService.SignUp')).toBe(true);
    expect(['AWSCognitoIdentityProviderService.SignUpX', 'AWSCognitoIdentityProviderService.InitiateAuth'].map((t) => counts(signUps, t))).toEqual([
      false,
      false,
    ]);
  });

  it('count sign-ins and code requests together, and every request in the widest rule', () => {
    for (const operation of ['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword', 'ResendConfirmationCode', 'ConfirmSignUp']) {
      expect(counts(signIns, `AWSCognitoIdentityProviderService.${operation}`), operation).toBe(true);
    }
    expect(counts(signIns, 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken')).toBe(false);
    expect(all!.statement.rateBasedStatement.scopeDownStatement).toBeUndefined();
    expect(all!.statement.rateBasedStatement.limit).toBeGreaterThan(signIns!.statement.rateBasedStatement.limit);
  });
});

describe('where the web ACLs are attached', () => {
  it('a regional one on the user pool, and the Router’s own (CloudFront, us-east-1) with these rules', () => {
    const auth = source('./auth.ts');
    expect(auth).toMatch(/new aws\.wafv2\.WebAcl\('UserPoolWaf', \{[\s\S]*?scope: 'REGIONAL'[\s\S]*?rules: wafRules\(userPoolRateRules, 'UserPool'\)/);
    expect(auth).toMatch(/new aws\.wafv2\.WebAclAssociation\('UserPoolWafAssociation', \{ resourceArn: userPool\.arn, webAclArn: userPoolWaf\.arn \}\)/);
    const router = source('./router.ts');
    expect(router).toMatch(/waf: true,/);
    expect(router).toMatch(/waf: \(args\) => \{\s*args\.rules = wafRules\(routerRateRules, 'Router'\);/);
  });
});

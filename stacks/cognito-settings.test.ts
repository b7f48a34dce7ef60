import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { protectFromThreats, secureUserPool, type UserPoolSecurityArgs } from './cognito-settings';

/** What SST's CognitoUserPool hands the transform for `usernames: ['email']` (the parts this test reads). */
const sstDefaults = (): UserPoolSecurityArgs => ({
  autoVerifiedAttributes: ['email'],
  accountRecoverySetting: {
    recoveryMechanisms: [
      { name: 'verified_phone_number', priority: 1 },
      { name: 'verified_email', priority: 2 },
    ],
  },
});

describe('the user pool (stacks/auth.ts)', () => {
  it('applies the security settings in its transform', () => {
    const auth = readFileSync(new URL('./auth.ts', import.meta.url), 'utf8');
    expect(auth).toMatch(/userPool: \(args, opts\) => \{[^}]*secureUserPool\(args\);/);
  });

  it('keeps an e-mail change from taking effect until the new address is verified', () => {
    const args = sstDefaults();
    secureUserPool(args);
    expect(args.userAttributeUpdateSettings).toEqual({ attributesRequireVerificationBeforeUpdates: ['email'] });
    // Cognito accepts that only for an attribute it verifies itself.
    expect(args.autoVerifiedAttributes).toContain('email');
  });

  it('recovers by e-mail only and asks for an 8-character mixed-case password with a digit', () => {
    const args = sstDefaults();
    secureUserPool(args);
    expect(args.accountRecoverySetting).toEqual({ recoveryMechanisms: [{ name: 'verified_email', priority: 1 }] });
    expect(args.passwordPolicy).toMatchObject({ minimumLength: 8, requireLowercase: true, requireUppercase: true, requireNumbers: true });
  });

  it('enforces Cognito’s threat protection on production only (its Plus plan), and turns it off elsewhere', () => {
    const auth = readFileSync(new URL('./auth.ts', import.meta.url), 'utf8');
    expect(auth).toMatch(/userPool: \(args, opts\) => \{[^}]*protectFromThreats\(args, isProduction\);/);
    const production = sstDefaults();
    protectFromThreats(production, true);
    expect(production).toMatchObject({ userPoolAddOns: { advancedSecurityMode: 'ENFORCED' }, userPoolTier: 'PLUS' });
    const dev = sstDefaults();
    protectFromThreats(dev, false);
    expect(dev.userPoolAddOns).toEqual({ advancedSecurityMode: 'OFF' });
    expect(dev.userPoolTier).toBeUndefined(); // the pool keeps its plan: nothing to pay for
  });
});

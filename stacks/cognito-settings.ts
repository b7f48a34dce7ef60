/**
 * The user pool's security settings, as a pure transform of its arguments (no SST globals, so unit
 * tests can read exactly what stacks/auth.ts deploys; see cognito-settings.test.ts).
 */

/** The subset of `aws.cognito.UserPoolArgs` set here (Pulumi's field names). */
export interface UserPoolSecurityArgs {
  autoVerifiedAttributes?: unknown;
  passwordPolicy?: unknown;
  accountRecoverySetting?: unknown;
  userAttributeUpdateSettings?: unknown;
  userPoolAddOns?: unknown;
  userPoolTier?: unknown;
}

/** Attributes whose change takes effect only once the new value is verified with a code sent to it. */
export const attributesVerifiedBeforeUpdate = ['email'] as const;

/**
 * - Passwords: 8 characters, upper and lower case and a digit (the web's sign-up rules).
 * - Recovery by e-mail only: there are no phone numbers on accounts.
 * - An e-mail change (UpdateUserAttributes with an access token) keeps the old address until the
 *   new one is verified with the code sent to it, so a stolen session cannot move the account to
 *   an address its thief controls and reset the password from there. Cognito requires such an
 *   attribute to be auto-verified (SST's `usernames: ['email']` makes it so). The web client
 *   keeps write access to `email`: Cognito requires a client with Google sign-in to be able to
 *   write every attribute Google's mapping sets, `email` among them.
 */
export function secureUserPool(args: UserPoolSecurityArgs): void {
  args.passwordPolicy = {
    minimumLength: 8,
    requireLowercase: true,
    requireUppercase: true,
    requireNumbers: true,
    requireSymbols: false,
    temporaryPasswordValidityDays: 7,
  };
  args.accountRecoverySetting = { recoveryMechanisms: [{ name: 'verified_email', priority: 1 }] };
  args.userAttributeUpdateSettings = { attributesRequireVerificationBeforeUpdates: [...attributesVerifiedBeforeUpdate] };
}

/**
 * Cognito's threat protection (passwords found in leaks refused, each sign-in rated for risk):
 * ENFORCED on production, which takes the Plus feature plan (billed per monthly active user:
 * docs/capacity.md); off elsewhere, where a dev stage's few users would pay for nothing.
 */
export function protectFromThreats(args: UserPoolSecurityArgs, production: boolean): void {
  args.userPoolAddOns = { advancedSecurityMode: production ? 'ENFORCED' : 'OFF' };
  if (production) args.userPoolTier = 'PLUS';
}

import { ApiError } from '@/lib/api-client';
import { errorName } from '@/lib/session/error-name';

/**
 * Cognito's exceptions (Amplify keeps their names on `error.name`) turned into `auth:errors.*`
 * keys, and where each is shown: next to a field, or in the form's alert.
 */
export type AuthErrorKey =
  | 'codeMismatch'
  | 'codeExpired'
  | 'userExists'
  | 'notConfirmed'
  | 'wrongCredentials'
  | 'userNotFound'
  | 'alreadyConfirmed'
  | 'tooMany'
  | 'lockedOut'
  | 'codeLimit'
  | 'networkLimited'
  | 'invalidPassword'
  | 'network'
  | 'profile'
  | 'blocked'
  | 'unknown';

/** Which call failed: the same exception means different things in different steps. */
export type AuthStep = 'signIn' | 'signUp' | 'verify' | 'resend' | 'reset' | 'newPassword';

const tooMany = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);

export function authErrorKey(error: unknown, step: AuthStep): AuthErrorKey {
  // Signed in with Cognito, but an operator blocked the account: say so, not "could not load".
  if (error instanceof ApiError) return error.body.code === 'ACCOUNT_BLOCKED' ? 'blocked' : 'profile';
  const name = errorName(error);
  const message = error instanceof Error ? error.message : '';
  // Sending a code (a resend, a password reset): Cognito allows a few per account an hour.
  if (name === 'LimitExceededException' && (step === 'resend' || step === 'reset')) return 'codeLimit';
  if (tooMany.has(name)) return 'tooMany';
  switch (name) {
    case 'ForbiddenException':
      // AWS WAF in front of the user pool blocked the request (too many from this network).
      return 'networkLimited';
    case 'CodeMismatchException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'codeExpired';
    case 'UsernameExistsException':
      return 'userExists';
    case 'UserNotConfirmedException':
      return 'notConfirmed';
    case 'UserNotFoundException':
      // Signing in never says which of the two was wrong.
      return step === 'signIn' ? 'wrongCredentials' : 'userNotFound';
    case 'NotAuthorizedException':
      // Cognito's lockout after repeated wrong passwords says so in the message only.
      if (step === 'signIn' && /password attempts exceeded/i.test(message)) return 'lockedOut';
      // Confirming an account twice: "User cannot be confirmed. Current status is CONFIRMED".
      return step === 'verify' || /confirmed/i.test(message) ? 'alreadyConfirmed' : step === 'signIn' ? 'wrongCredentials' : 'unknown';
    case 'InvalidPasswordException':
      // cognito-local answers a wrong password with this exception.
      return step === 'signIn' ? 'wrongCredentials' : 'invalidPassword';
    case 'InvalidParameterException':
      return /already confirmed/i.test(message) ? 'alreadyConfirmed' : 'unknown';
    case 'NetworkError':
    case 'TypeError':
      return 'network';
    default:
      return 'unknown';
  }
}

/** The form field an error belongs to, or undefined for the form's alert. */
export function fieldOfError(key: AuthErrorKey): 'email' | 'password' | 'code' | undefined {
  switch (key) {
    case 'codeMismatch':
    case 'codeExpired':
      return 'code';
    case 'userExists':
    case 'userNotFound':
      return 'email';
    case 'invalidPassword':
      return 'password';
    default:
      return undefined;
  }
}

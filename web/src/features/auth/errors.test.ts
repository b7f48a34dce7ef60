import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authErrorKey, fieldOfError } from './errors';
import { cognitoError } from './test/render-auth';

describe('Cognito errors', () => {
  it.each([
    ['CodeMismatchException', 'verify', 'codeMismatch'],
    ['ExpiredCodeException', 'newPassword', 'codeExpired'],
    ['UsernameExistsException', 'signUp', 'userExists'],
    ['UserNotConfirmedException', 'signIn', 'notConfirmed'],
    ['NotAuthorizedException', 'signIn', 'wrongCredentials'],
    ['UserNotFoundException', 'signIn', 'wrongCredentials'],
    ['UserNotFoundException', 'reset', 'userNotFound'],
    ['InvalidPasswordException', 'signIn', 'wrongCredentials'],
    ['InvalidPasswordException', 'signUp', 'invalidPassword'],
    ['LimitExceededException', 'newPassword', 'tooMany'],
    ['TooManyRequestsException', 'signIn', 'tooMany'],
    ['TooManyFailedAttemptsException', 'verify', 'tooMany'],
    ['NotAuthorizedException', 'verify', 'alreadyConfirmed'],
    ['NetworkError', 'signIn', 'network'],
    ['SomethingNew', 'signIn', 'unknown'],
  ] as const)('%s while %s -> %s', (name, step, key) => {
    expect(authErrorKey(cognitoError(name), step)).toBe(key);
  });

  it('tells Cognito’s lockout, its code limit and a WAF block from other refusals', () => {
    expect(authErrorKey(cognitoError('NotAuthorizedException', 'Password attempts exceeded'), 'signIn')).toBe('lockedOut');
    expect(authErrorKey(cognitoError('NotAuthorizedException', 'Incorrect username or password.'), 'signIn')).toBe('wrongCredentials');
    const attemptLimit = cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    expect([authErrorKey(attemptLimit, 'resend'), authErrorKey(attemptLimit, 'reset'), authErrorKey(attemptLimit, 'verify')]).toEqual([
      'codeLimit',
      'codeLimit',
      'tooMany',
    ]);
    expect(authErrorKey(cognitoError('ForbiddenException', 'Request not allowed due to WAF block.'), 'signUp')).toBe('networkLimited');
  });

  it('reads "already confirmed" from a resend, and an API failure as the profile step', () => {
    expect(authErrorKey(cognitoError('InvalidParameterException', 'User is already confirmed.'), 'resend')).toBe('alreadyConfirmed');
    expect(authErrorKey(new ApiError(500, { message: 'x' }), 'signIn')).toBe('profile');
  });

  it('knows which field an error belongs to', () => {
    expect(fieldOfError('codeExpired')).toBe('code');
    expect(fieldOfError('userExists')).toBe('email');
    expect(fieldOfError('invalidPassword')).toBe('password');
    expect(fieldOfError('wrongCredentials')).toBeUndefined();
  });
});

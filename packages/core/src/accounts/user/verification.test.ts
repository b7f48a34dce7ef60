import { describe, expect, it } from 'vitest';
import { countsAsVerified, isFederated, newUserOf } from './verification';

const googleIdentities = JSON.stringify([
  { userId: '1098', providerName: 'Google', providerType: 'Google', issuer: null, primary: true, dateCreated: 1700000000000 },
]);

describe('isFederated', () => {
  it.each([
    [googleIdentities, true],
    [[{ providerName: 'Google' }], true],
    ['[[object Object]]', true], // an API Gateway claim: arrays arrive as text
    ['[]', false],
    ['', false],
    [[], false],
    [undefined, false],
  ])('%j -> %s', (identities, federated) => {
    expect(isFederated(identities)).toBe(federated);
  });
});

describe('countsAsVerified', () => {
  it('takes Cognito at its word in either spelling, and a federated sign-in as verified', () => {
    expect(countsAsVerified('true', undefined)).toBe(true);
    expect(countsAsVerified(true, undefined)).toBe(true);
    expect(countsAsVerified('false', undefined)).toBe(false);
    expect(countsAsVerified(undefined, undefined)).toBe(false);
    expect(countsAsVerified('false', googleIdentities)).toBe(true);
  });
});

describe('newUserOf', () => {
  const now = new Date('2026-01-02T03:04:05.000Z');
  it('makes a Google user verified at once', () => {
    expect(newUserOf({ sub: 's', email: 'a@gmail.com', email_verified: 'false', identities: googleIdentities }, now)).toEqual({
      sub: 's',
      email: 'a@gmail.com',
      emailVerifiedAt: '2026-01-02T03:04:05.000Z',
    });
  });
  it('leaves an unverified e-mail unverified, and refuses attributes without sub or email', () => {
    expect(newUserOf({ sub: 's', email: 'a@example.com' }, now).emailVerifiedAt).toBeNull();
    expect(() => newUserOf({ email: 'a@example.com' })).toThrow();
  });
});

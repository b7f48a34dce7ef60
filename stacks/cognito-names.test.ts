import { describe, expect, it } from 'vitest';
import { hostedUiDomainPrefix, sesIdentityOf } from './cognito-names';

/** Cognito's rule for a prefix domain, and its reserved words. */
const cognitoPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const account = '123456789012';

describe('hostedUiDomainPrefix', () => {
  it.each([
    ['production'],
    ['Alice_Dev'],
    ['aws-test'],
    ['---'],
    ['cognito'],
    ['AMAZON'],
    ['aawsws'],
    ['pr-123'],
    ['x'.repeat(200)],
    ['a-'.repeat(60)],
    ['ünïcödé stage'],
    [''],
  ])('makes a prefix Cognito accepts of the stage %j', (stage) => {
    const prefix = hostedUiDomainPrefix('numbernest', stage, account);
    expect(prefix).toMatch(cognitoPattern);
    expect(prefix.length).toBeLessThanOrEqual(63);
    for (const word of ['aws', 'amazon', 'cognito']) expect(prefix).not.toContain(word);
  });

  it('keeps the app and stage readable, and ends with an 8-hex suffix', () => {
    expect(hostedUiDomainPrefix('numbernest', 'Alice_Dev', account)).toMatch(/^numbernest-alice-dev-[0-9a-f]{8}$/);
    expect(hostedUiDomainPrefix('numbernest', 'aws-test', account)).toMatch(/^numbernest-test-[0-9a-f]{8}$/);
    expect(hostedUiDomainPrefix('numbernest', '---', account)).toMatch(/^numbernest-[0-9a-f]{8}$/);
    expect(hostedUiDomainPrefix('cognito', 'aws', account)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is the same on every deploy, and differs per stage, per account and per app', () => {
    const prefix = hostedUiDomainPrefix('numbernest', 'alice', account);
    expect(hostedUiDomainPrefix('numbernest', 'alice', account)).toBe(prefix);
    expect(hostedUiDomainPrefix('numbernest', 'alice', '210987654321')).not.toBe(prefix);
    expect(hostedUiDomainPrefix('numbernest', 'bob', account)).not.toBe(prefix);
    expect(hostedUiDomainPrefix('othernest', 'alice', account)).not.toBe(prefix);
    // Stages that clean up to the same name stay apart.
    expect(hostedUiDomainPrefix('numbernest', 'aws-test', account)).not.toBe(hostedUiDomainPrefix('numbernest', 'test', account));
    expect(hostedUiDomainPrefix('numbernest', 'Alice_Dev', account)).not.toBe(hostedUiDomainPrefix('numbernest', 'alice-dev', account));
  });

  it('cuts a very long stage to 63 characters without a hyphen before the suffix', () => {
    const prefix = hostedUiDomainPrefix('numbernest', `${'a'.repeat(42)}-${'b'.repeat(40)}`, account);
    expect(prefix).toHaveLength(62); // the cut (54) falls right after a hyphen, which is dropped
    expect(prefix).not.toContain('--');
    expect(hostedUiDomainPrefix('numbernest', 'x'.repeat(200), account)).toHaveLength(63);
  });
});

describe('sesIdentityOf', () => {
  it('takes the address and its domain from either form of the From setting', () => {
    expect(sesIdentityOf('no-reply@numbernest.example')).toEqual({ address: 'no-reply@numbernest.example', domain: 'numbernest.example' });
    expect(sesIdentityOf('NumberNest <no-reply@Mail.NumberNest.example>')).toEqual({
      address: 'no-reply@Mail.NumberNest.example',
      domain: 'mail.numbernest.example',
    });
  });

  it.each(['numbernest.example', 'no-reply@', '@example.com', 'a b@example.com', 'no-reply@localhost'])('refuses %j', (from) => {
    expect(() => sesIdentityOf(from)).toThrow(/SesFromAddress/);
  });
});

import { describe, expect, it } from 'vitest';
import { compilePatterns } from '../catalogue';
import { seedServices } from '../seed';
import { chooseRenter as chooseRenterWith, hostsNumber, normaliseE164, serviceMatch as matchWith, type ActiveLock } from './routing';

// The seeded services' patterns, as the catalogue would give them (catalog/service-routing.ts).
const compiled = new Map(seedServices.map((s) => [s.id, compilePatterns(s.patterns)]));
const patternsOf = (serviceId: number) => compiled.get(serviceId);
const serviceMatch = (serviceId: number, from: string, body: string) => matchWith(patternsOf(serviceId), from, body);
const chooseRenter = (locks: readonly ActiveLock[], from: string, body: string) => chooseRenterWith(locks, from, body, patternsOf);

const id = (slug: string) => seedServices.find((s) => s.slug === slug)!.id;
const lock = (slug: string, sub = `user-${slug}`): ActiveLock => ({ serviceId: id(slug), rentalId: `rental-${slug}`, sub });

describe('service patterns (the seeded ones)', () => {
  it('every seeded service has patterns that compile, and its own name as sender matches only it (Meta short code aside)', () => {
    for (const service of seedServices) {
      expect(() => new RegExp(service.patterns.from, 'u')).not.toThrow();
      expect(() => new RegExp(service.patterns.body, 'iu')).not.toThrow();
    }
    expect(seedServices.filter((s) => serviceMatch(s.id, 'Google', '') === 'sender').map((s) => s.slug)).toEqual(['google']);
    expect(seedServices.filter((s) => serviceMatch(s.id, 'Telegram', '') === 'sender').map((s) => s.slug)).toEqual(['telegram']);
    expect(
      seedServices
        .filter((s) => serviceMatch(s.id, '32665', '') === 'sender')
        .map((s) => s.slug)
        .sort(),
    ).toEqual(['facebook', 'instagram']);
  });

  it('matches by sender id (with or without +), else by the text', () => {
    expect(serviceMatch(id('google'), '22000', 'anything')).toBe('sender');
    expect(serviceMatch(id('google'), '+22000', 'anything')).toBe('sender');
    expect(serviceMatch(id('google'), '+15550001111', 'G-123456 is your Google verification code.')).toBe('body');
    expect(serviceMatch(id('google'), 'google', 'hello')).toBeUndefined(); // senders are case-exact as written
    expect(serviceMatch(id('telegram'), '+4915510000000', 'Код подтверждения Telegram: 12345')).toBe('body');
    expect(serviceMatch(id('whatsapp'), 'Telegram', 'Telegram code: 12345')).toBeUndefined();
    expect(serviceMatch(9999, 'Google', 'Google')).toBeUndefined();
  });
});

describe('chooseRenter (who gets an SMS)', () => {
  it('a Private number: its renter gets everything', () => {
    const whole: ActiveLock = { rentalId: 'r1', sub: 'alice' };
    expect(chooseRenter([whole], 'Anyone', 'Anything')).toEqual({ kind: 'renter', lock: whole, matchedBy: 'whole-number', verified: true });
  });

  it('a Shared number: the renter whose service matches the sender (verified), else the text (unverified)', () => {
    const locks = [lock('google'), lock('telegram'), lock('whatsapp')];
    expect(chooseRenter(locks, 'Google', 'G-123456 is your Google verification code.')).toMatchObject({
      kind: 'renter',
      lock: { sub: 'user-google' },
      matchedBy: 'sender',
      verified: true,
    });
    expect(chooseRenter(locks, '+79001234567', 'Telegram code: 12345')).toMatchObject({
      kind: 'renter',
      lock: { sub: 'user-telegram' },
      matchedBy: 'body',
      verified: false,
    });
    expect(chooseRenter(locks, 'WhatsApp', 'Your code: 123-456')).toMatchObject({
      kind: 'renter',
      lock: { sub: 'user-whatsapp' },
      matchedBy: 'sender',
      verified: true,
    });
  });

  it('a short code two services share: the text decides (the sender is each of theirs: verified); still unclear is an orphan', () => {
    const locks = [lock('facebook'), lock('instagram')];
    expect(chooseRenter(locks, '32665', 'Use 123456 to verify your Instagram account')).toMatchObject({
      kind: 'renter',
      lock: { sub: 'user-instagram' },
      verified: true,
    });
    expect(chooseRenter(locks, '32665', 'Your code is 123456')).toEqual({ kind: 'orphan', reason: 'ambiguous' });
  });

  it('never guesses: nobody matching, several matching by text, or no active rental is an orphan', () => {
    expect(chooseRenter([lock('telegram')], 'Google', 'G-123456 is your Google verification code.')).toEqual({ kind: 'orphan', reason: 'no-matching-service' });
    expect(chooseRenter([lock('telegram'), lock('whatsapp')], '+100', 'Telegram or WhatsApp?')).toEqual({ kind: 'orphan', reason: 'ambiguous' });
    expect(chooseRenter([], 'Google', 'G-123456')).toEqual({ kind: 'orphan', reason: 'no-active-rental' });
  });
});

describe('a service added at run time', () => {
  it('is routed by its own patterns, beside the seeded ones', () => {
    const added = compilePatterns({ from: '^(Acme|ACME|55123)$', body: '\\bAcme\\b' });
    const withAdded = (id: number) => (id === 900 ? added : patternsOf(id));
    const locks = [lock('google'), { serviceId: 900, rentalId: 'rental-acme', sub: 'user-acme' }];
    expect(chooseRenterWith(locks, '55123', 'Your code is 123456', withAdded)).toMatchObject({ lock: { sub: 'user-acme' }, matchedBy: 'sender' });
    expect(chooseRenterWith(locks, '55123', 'Your code is 123456', patternsOf)).toEqual({ kind: 'orphan', reason: 'no-matching-service' });
  });
});

describe('hostsNumber (an upstream reports only for the numbers it hosts)', () => {
  const twilio = { provider: 'twilio' } as const;
  const sim = { provider: 'gateway', deviceId: 'gw-a', simNumber: 2 } as const;
  it('Twilio hosts its numbers only', () => {
    expect(hostsNumber({ provider: 'twilio' }, twilio)).toBe(true);
    expect(hostsNumber({ provider: 'twilio' }, sim)).toBe(false);
    expect(hostsNumber({ provider: 'gateway', deviceId: 'gw-a', simNumber: 2 }, twilio)).toBe(false);
  });
  it('a phone hosts its own SIMs: the same device, and the same slot when the app names one', () => {
    expect(hostsNumber({ provider: 'gateway', deviceId: 'gw-a', simNumber: 2 }, sim)).toBe(true);
    expect(hostsNumber({ provider: 'gateway', deviceId: 'gw-a' }, sim)).toBe(true);
    expect(hostsNumber({ provider: 'gateway', deviceId: 'gw-a', simNumber: 1 }, sim)).toBe(false);
    expect(hostsNumber({ provider: 'gateway', deviceId: 'gw-b', simNumber: 2 }, sim)).toBe(false);
    expect(hostsNumber({ provider: 'gateway' }, sim)).toBe(false);
  });
});

describe('normaliseE164', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    [' 447700900123', '+447700900123'], // a "+" that a query string turned into a space
    ['0044 (7700) 900-123', '+447700900123'],
    ['+1.415.555.0132', '+14155550132'],
  ])('%j -> %s', (input, e164) => expect(normaliseE164(input)).toBe(e164));
});

import { NumberType } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors';
import { closableFrom, closeDecision, closeRefusal, EarlyCancelError, refundableUntil, refundsOnClose } from './rules';

const start = Date.parse('2026-11-24T12:00:00.000Z');
const at = (minutes: number) => new Date(start + minutes * 60_000);
const rental = (typeId: NumberType, change: Partial<Parameters<typeof refundableUntil>[0]> = {}) => ({
  typeId,
  status: 'active' as const,
  startedAt: at(0).toISOString(),
  expiresAt: at(typeId === NumberType.Temporary ? 20 : 7 * 24 * 60).toISOString(),
  messagesCount: 0,
  ...change,
});

describe('refund rules', () => {
  it('Shared and Private: refunded only within 20 minutes of purchase, unused', () => {
    for (const type of [NumberType.Shared, NumberType.Private]) {
      expect(refundableUntil(rental(type))).toBe(at(20).toISOString());
      expect(refundsOnClose(rental(type), at(19.99))).toBe(true);
      expect(refundsOnClose(rental(type), at(20))).toBe(false);
      expect(refundsOnClose(rental(type, { messagesCount: 1 }), at(1))).toBe(false);
      expect(refundsOnClose(rental(type, { sentCount: 1 }), at(1))).toBe(false);
      expect(refundableUntil(rental(type, { sentCount: 2 }))).toBeNull();
      expect(refundableUntil(rental(type, { status: 'inactive' }))).toBeNull();
      expect(closableFrom(rental(type))).toBe(at(0).toISOString());
    }
  });

  it('Temporary: refunded whenever unused, closable after its first two minutes', () => {
    const activation = rental(NumberType.Temporary);
    expect(refundableUntil(activation)).toBe(activation.expiresAt);
    expect(refundsOnClose(activation, at(19))).toBe(true);
    expect(refundsOnClose(activation, at(25))).toBe(true); // past its end, before the job: as the job would
    expect(refundsOnClose({ ...activation, messagesCount: 1 }, at(5))).toBe(false);
    expect(closableFrom(activation)).toBe(at(2).toISOString());
  });
});

describe('closing and cancelling (the web close and the protocol cancel decide alike)', () => {
  it('allows an active rental once closable, and says whether it refunds', () => {
    expect(closeDecision(rental(NumberType.Shared), at(1))).toEqual({ allowed: true, refunds: true });
    expect(closeDecision(rental(NumberType.Shared), at(30))).toEqual({ allowed: true, refunds: false });
    expect(closeDecision(rental(NumberType.Shared, { messagesCount: 1 }), at(1))).toEqual({ allowed: true, refunds: false });
    expect(closeDecision(rental(NumberType.Temporary), at(3), { onlyIfUnused: true })).toEqual({ allowed: true, refunds: true });
  });

  it('refuses an ended rental, a used one when cancelling, then an activation in its first two minutes', () => {
    const ended = closeDecision(rental(NumberType.Temporary, { status: 'inactive' }), at(3));
    expect(ended).toMatchObject({ allowed: false, reason: 'ended' });
    // A used activation is refused as used even in its first two minutes (the protocol's BAD_STATUS, not EARLY_CANCEL_DENIED).
    expect(closeDecision(rental(NumberType.Temporary, { messagesCount: 1 }), at(1), { onlyIfUnused: true })).toMatchObject({ allowed: false, reason: 'used' });
    // The web's close of a used activation ends it without a refund.
    expect(closeDecision(rental(NumberType.Temporary, { messagesCount: 1 }), at(3))).toEqual({ allowed: true, refunds: false });
    const early = closeDecision(rental(NumberType.Temporary), at(1));
    expect(early).toEqual({ allowed: false, reason: 'early', closableFrom: at(2).toISOString() });
    if (early.allowed || ended.allowed) throw new Error('refused above');
    expect(closeRefusal(early)).toBeInstanceOf(EarlyCancelError);
    expect(closeRefusal(ended)).toBeInstanceOf(ConflictError);
    expect(closeRefusal(ended).message).toBe('This rental has already ended');
  });
});

import { NumberType } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../shared/errors';
import {
  closableFrom,
  closeDecision,
  closeRefusal,
  decideEnd,
  EarlyCancelError,
  extendableAt,
  refundableUntil,
  refundsOnClose,
  reportRefusal,
  reportsAllowed,
} from './rules';

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

describe('reporting a number', () => {
  const activation = { ...rental(NumberType.Temporary), priceCents: 50 };
  it('not delivered: only while no code came and after the first two minutes; already used: at any time while active, after a code too', () => {
    expect(reportsAllowed(activation, at(1))).toEqual(['already_used']);
    expect(reportsAllowed(activation, at(2))).toEqual(['not_delivered', 'already_used']);
    expect(reportsAllowed({ ...activation, messagesCount: 1 }, at(5))).toEqual(['already_used']);
    expect(reportsAllowed({ ...activation, status: 'inactive' }, at(5))).toEqual([]);
    expect(reportsAllowed(rental(NumberType.Shared), at(5))).toEqual([]);
    expect(reportRefusal({ ...activation, messagesCount: 1 }, 'not_delivered', at(5))?.code).toBe('REPORT_AFTER_CODE');
    expect(reportRefusal(activation, 'not_delivered', at(1))).toBeInstanceOf(EarlyCancelError);
    expect(reportRefusal(rental(NumberType.Private), 'already_used', at(5))?.code).toBe('ACTIVATION_ONLY');
  });

  it('a report ends the activation refunded in full, a code or not; a refused one throws', () => {
    expect(decideEnd({ ...activation, messagesCount: 1 }, { ended: 'reported', reason: 'already_used' }, at(5))).toEqual({ ended: 'refunded', refund: true });
    expect(decideEnd(activation, { ended: 'reported', reason: 'not_delivered' }, at(5))).toEqual({ ended: 'refunded', refund: true });
    expect(() => decideEnd({ ...activation, messagesCount: 1 }, { ended: 'reported', reason: 'not_delivered' }, at(5))).toThrow(ConflictError);
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

describe('how a rental ends (decideEnd)', () => {
  const priced = (typeId: NumberType, change: Partial<Parameters<typeof decideEnd>[0]> = {}) => ({ ...rental(typeId), priceCents: 500, ...change });

  it('Shared and Private closed in the 20-minute window, unused: refunded; from minute 20 on, or used: closed without a refund', () => {
    for (const type of [NumberType.Shared, NumberType.Private]) {
      expect(decideEnd(priced(type), { ended: 'closed' }, at(0))).toEqual({ ended: 'refunded', refund: true });
      expect(decideEnd(priced(type), { ended: 'closed' }, at(19.99))).toEqual({ ended: 'refunded', refund: true });
      expect(decideEnd(priced(type), { ended: 'closed' }, at(20))).toEqual({ ended: 'closed', refund: false });
      expect(decideEnd(priced(type), { ended: 'closed' }, at(60 * 24))).toEqual({ ended: 'closed', refund: false });
      expect(decideEnd(priced(type, { messagesCount: 1 }), { ended: 'closed' }, at(1))).toEqual({ ended: 'closed', refund: false });
      expect(decideEnd(priced(type, { sentCount: 1 }), { ended: 'closed' }, at(1))).toEqual({ ended: 'closed', refund: false });
    }
  });

  it('the window never outlasts the rental: a rental ending before minute 20 is refundable only until its end', () => {
    const short = priced(NumberType.Shared, { expiresAt: at(10).toISOString() });
    expect(refundableUntil(short)).toBe(at(10).toISOString());
    expect(decideEnd(short, { ended: 'closed' }, at(9))).toEqual({ ended: 'refunded', refund: true });
    expect(decideEnd(short, { ended: 'closed' }, at(10))).toEqual({ ended: 'closed', refund: false });
  });

  it('Temporary: a cancel in the first two minutes is refused with the time it becomes possible', () => {
    const activation = priced(NumberType.Temporary);
    for (const minute of [0, 1, 1.99]) {
      expect(() => decideEnd(activation, { ended: 'closed' }, at(minute))).toThrow(EarlyCancelError);
      expect(() => decideEnd(activation, { ended: 'closed', onlyIfUnused: true }, at(minute))).toThrow(EarlyCancelError);
    }
    const refusal = (() => {
      try {
        return decideEnd(activation, { ended: 'closed' }, at(1));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(EarlyCancelError);
    expect((refusal as EarlyCancelError).closableFrom).toBe(at(2).toISOString());
    expect(decideEnd(activation, { ended: 'closed' }, at(2))).toEqual({ ended: 'refunded', refund: true });
  });

  it('Temporary: unused, refunded when cancelled or at its end; used, a cancel is refused and a close or completion refunds nothing', () => {
    const activation = priced(NumberType.Temporary);
    expect(decideEnd(activation, { ended: 'closed', onlyIfUnused: true }, at(5))).toEqual({ ended: 'refunded', refund: true });
    expect(decideEnd(activation, { ended: 'closed' }, at(25))).toEqual({ ended: 'refunded', refund: true }); // past its end, before the job
    expect(decideEnd(activation, { ended: 'expired' }, at(20))).toEqual({ ended: 'refunded', refund: true });
    expect(decideEnd(activation, { ended: 'completed' }, at(5))).toEqual({ ended: 'completed', refund: false });

    const used = priced(NumberType.Temporary, { messagesCount: 1 });
    expect(() => decideEnd(used, { ended: 'closed', onlyIfUnused: true }, at(5))).toThrow(ConflictError);
    expect(() => decideEnd(used, { ended: 'closed', onlyIfUnused: true }, at(5))).not.toThrow(EarlyCancelError);
    expect(decideEnd(used, { ended: 'closed' }, at(5))).toEqual({ ended: 'closed', refund: false });
    expect(decideEnd(used, { ended: 'expired' }, at(20))).toEqual({ ended: 'expired', refund: false });
    expect(decideEnd(used, { ended: 'completed' }, at(5))).toEqual({ ended: 'completed', refund: false });
  });

  it('an expiry before the end (the rental was extended meanwhile) ends nothing; at or after the end it ends it', () => {
    const week = priced(NumberType.Shared);
    expect(decideEnd(week, { ended: 'expired' }, at(7 * 24 * 60 - 0.01))).toBeUndefined();
    expect(decideEnd(week, { ended: 'expired' }, at(7 * 24 * 60))).toEqual({ ended: 'expired', refund: false });
    expect(decideEnd(priced(NumberType.Temporary), { ended: 'expired' }, at(19))).toBeUndefined();
  });

  it('Shared and Private never refund at expiry, and nothing free is refunded', () => {
    for (const type of [NumberType.Shared, NumberType.Private]) {
      expect(decideEnd(priced(type, { expiresAt: at(15).toISOString() }), { ended: 'expired' }, at(15))).toEqual({ ended: 'expired', refund: false });
    }
    expect(decideEnd(priced(NumberType.Shared, { priceCents: 0 }), { ended: 'closed' }, at(1))).toEqual({ ended: 'closed', refund: false });
    expect(decideEnd(priced(NumberType.Temporary, { priceCents: 0 }), { ended: 'expired' }, at(20))).toEqual({ ended: 'expired', refund: false });
  });
});

describe('extending a rental (extendableAt)', () => {
  const week = rental(NumberType.Shared);
  const end = 7 * 24 * 60;

  it('Shared and Private extend while active and before their end', () => {
    for (const type of [NumberType.Shared, NumberType.Private]) {
      expect(extendableAt(rental(type), at(0))).toBe(true);
      expect(extendableAt(rental(type), at(end - 0.01))).toBe(true);
    }
  });

  it('refused from the end on, even before the job has ended the rental', () => {
    expect(extendableAt(week, at(end))).toBe(false);
    expect(extendableAt(week, at(end + 1))).toBe(false);
  });

  it('refused once inactive, and always for Temporary activations', () => {
    expect(extendableAt({ ...week, status: 'inactive' }, at(1))).toBe(false);
    expect(extendableAt(rental(NumberType.Temporary), at(1))).toBe(false);
  });
});

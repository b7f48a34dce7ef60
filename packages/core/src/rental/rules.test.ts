import { NumberType } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { closableFrom, refundableUntil, refundsOnClose } from './rules';

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

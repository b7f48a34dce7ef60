import { describe, expect, it } from 'vitest';
import { upstreamCostCeilingCents, upstreamCostCents, upstreamMaxPrice, upstreamValueCentsDown } from './money';

describe('upstreamCostCents', () => {
  it('converts a price in dollars at rate 1 exactly', () => {
    expect(upstreamCostCents('0.25', '1')).toBe(25);
    expect(upstreamCostCents('3', '1')).toBe(300);
    expect(upstreamCostCents('0', '1')).toBe(0);
  });

  it('rounds a fraction of a cent UP', () => {
    // 12.5 RUB at $0.0109 = $0.13625 -> 14 cents.
    expect(upstreamCostCents('12.5', '0.0109')).toBe(14);
    expect(upstreamCostCents('0.001', '1')).toBe(1);
    // Exactly on a cent stays there: 100 RUB at 0.0109 = $1.09.
    expect(upstreamCostCents('100', '0.0109')).toBe(109);
  });

  it('uses no float: a sum floats get wrong stays exact', () => {
    // 0.1 + 0.2 as a float is 0.30000000000000004, which would round up to 31 cents.
    expect(upstreamCostCents('0.3', '1')).toBe(30);
    expect(upstreamCostCents('1.15', '1')).toBe(115);
    expect(upstreamCostCents('999999999.99', '1')).toBe(99_999_999_999);
  });

  it('refuses what is not a decimal, and a rate of 0', () => {
    expect(() => upstreamCostCents('-1', '1')).toThrow(RangeError);
    expect(() => upstreamCostCents('1e3', '1')).toThrow(RangeError);
    expect(() => upstreamCostCents('', '1')).toThrow(RangeError);
    expect(() => upstreamCostCents('1', '0')).toThrow(RangeError);
    expect(() => upstreamCostCents('1', '0.000000')).toThrow(RangeError);
  });
});

describe('upstreamMaxPrice', () => {
  it('is the price whose cost is at most the cents, rounded DOWN to two decimals', () => {
    expect(upstreamMaxPrice(25, '1')).toBe('0.25');
    expect(upstreamMaxPrice(300, '1')).toBe('3');
    expect(upstreamMaxPrice(150, '1')).toBe('1.5');
    // $1 at 0.0109 $/RUB = 91.7431… RUB -> 91.74.
    expect(upstreamMaxPrice(100, '0.0109')).toBe('91.74');
    expect(upstreamMaxPrice(0, '0.0109')).toBe('0');
  });

  it('never lets the cost of the answer exceed the cents', () => {
    for (const rate of ['1', '0.0109', '0.011234', '1.5', '92.5', '0.000001'])
      for (let cents = 0; cents <= 500; cents += 7)
        expect(upstreamCostCents(upstreamMaxPrice(cents, rate), rate), `${cents} at ${rate}`).toBeLessThanOrEqual(cents);
  });

  it('refuses negative or fractional cents', () => {
    expect(() => upstreamMaxPrice(-1, '1')).toThrow(RangeError);
    expect(() => upstreamMaxPrice(1.5, '1')).toThrow(RangeError);
  });
});

describe('upstreamValueCentsDown', () => {
  it('turns a balance in the currency into cents, rounded down', () => {
    expect(upstreamValueCentsDown('1000', '0.0109')).toBe(1090);
    expect(upstreamValueCentsDown('12.5', '0.0109')).toBe(13);
    expect(upstreamValueCentsDown('4.99', '1')).toBe(499);
  });
});

describe('upstreamCostCeilingCents', () => {
  it('keeps the minimum margin of the customer price, floored to the cent', () => {
    expect(upstreamCostCeilingCents(100, 10)).toBe(90);
    expect(upstreamCostCeilingCents(55, 10)).toBe(49);
    expect(upstreamCostCeilingCents(100, 0)).toBe(100);
    expect(upstreamCostCeilingCents(1000, 12.5)).toBe(875);
  });
});

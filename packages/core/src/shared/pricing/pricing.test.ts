import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { formatDollars, hasDiscount, rentPeriods, rentalPrice, rentalPriceDollars, scaleCents, toCents, toDollars, type RentalTariff } from '.';

const tariff = (pricePerDayCents: number, d1 = 0, d2 = 0, d3 = 0): RentalTariff => ({
  pricePerDayCents,
  discountsCents: [d1, d2, d3],
});

describe('rent periods', () => {
  it('are the three rent periods with their days', () => {
    expect(rentPeriods.map((p) => [p.id, p.name, p.days])).toEqual([
      [1, '1 Week', 7],
      [2, '2 Week', 14],
      [3, '1 Month', 30],
    ]);
  });
});

describe('rentalPrice', () => {
  it.each([
    // [per day, discounts, period, original, total]
    { perDay: 50, d: [25, 60, 200], period: 1, original: 350, total: 325 }, // discount_1 only
    { perDay: 50, d: [25, 60, 200], period: 2, original: 700, total: 640 }, // discount_2 only
    { perDay: 50, d: [25, 60, 200], period: 3, original: 1500, total: 1300 }, // discount_3 only
    { perDay: 15, d: [0, 0, 0], period: 1, original: 105, total: 105 }, // 0.15 * 7 = 1.05 exactly
    { perDay: 30, d: [10, 20, 0], period: 1, original: 210, total: 200 }, // (0.1 + 0.2) * 7, no float drift
    { perDay: 10, d: [100, 500, 9999], period: 1, original: 70, total: 0 }, // clamped at 0
    { perDay: 10, d: [100, 140, 9999], period: 2, original: 140, total: 0 }, // discount == original
    { perDay: 10, d: [100, 140, 9999], period: 3, original: 300, total: 0 },
    { perDay: 0, d: [0, 0, 0], period: 3, original: 0, total: 0 }, // free
    { perDay: 199, d: [33, 0, 1], period: 3, original: 5970, total: 5969 },
  ])('$perDay c/day, period $period -> $total', ({ perDay, d, period, original, total }) => {
    expect(rentalPrice(tariff(perDay, d[0], d[1], d[2]), period)).toEqual({
      originalCents: original,
      totalCents: total,
    });
  });

  it.each([0, 4, -1, 1.5, Number.NaN])('rejects unknown period %s', (period) => {
    expect(() => rentalPrice(tariff(10), period)).toThrow(ValidationError);
    try {
      rentalPrice(tariff(10), period);
    } catch (e) {
      expect((e as ValidationError).fieldErrors).toHaveProperty('rent_time_id');
    }
  });

  it('rejects fractional cents', () => {
    expect(() => rentalPrice(tariff(10.5), 1)).toThrow(RangeError);
    expect(() => rentalPrice(tariff(10, 0.5), 1)).toThrow(RangeError);
  });
});

describe('money', () => {
  it.each([
    [0.15, 15],
    [0.1 + 0.2, 30],
    [1.005, 100], // a 3rd decimal is not money: 1.005 is 1.00499… as a float and rounds down
    [19.99, 1999],
    [0, 0],
    [-2.5, -250],
    [1234567.89, 123456789],
  ])('toCents(%s) = %s', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it('toCents rejects non-finite input', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it.each([
    [0, '0.00', 0],
    [5, '0.05', 0.05],
    [105, '1.05', 1.05],
    [123456, '1234.56', 1234.56],
    [-250, '-2.50', -2.5],
  ])('%s cents = $%s', (cents, formatted, dollars) => {
    expect(formatDollars(cents)).toBe(formatted);
    expect(toDollars(cents)).toBe(dollars);
  });
});

describe('rentalPriceDollars (what the UI calls with API fields)', () => {
  const service = { price_per_day: 0.15, discount_1: 0.05, discount_2: 0.1, discount_3: 0.3 };

  it.each([
    [1, 1.05, 1.0],
    [2, 2.1, 2.0],
    [3, 4.5, 4.2],
  ])('period %s: original %s, total %s', (period, original, total) => {
    expect(rentalPriceDollars(service, period)).toEqual({ original, total });
  });

  it('knows when to show the discount badge', () => {
    expect(hasDiscount(service)).toBe(true);
    expect(hasDiscount({ price_per_day: 1, discount_1: 0, discount_2: 0, discount_3: 0 })).toBe(false);
  });
});

describe('scaleCents (a bulk price change)', () => {
  it.each([
    [25, 10, 28], // 27.5 -> 28: half away from zero, as toCents rounds
    [115, 10, 127], // 126.5 -> 127
    [300, -12.5, 263], // 262.5 -> 263
    [250, -12.5, 219], // 218.75 -> 219
    [40, -99, 0], // 0.4 -> 0: the caller refuses it
    [199, 0.01, 199],
    [0, 50, 0],
    [1999, 100, 3998],
  ])('%s cents %s%% = %s', (cents, percent, expected) => {
    expect(scaleCents(cents, percent)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import enPayment from '@/locales/en/payment.json';
import enRentals from '@/locales/en/rentals.json';
import ruPayment from '@/locales/ru/payment.json';
import ruRentals from '@/locales/ru/rentals.json';
import { flagSrc, formatRemaining, statusLabel } from './format';

const minute = 60_000;
const hour = 60 * minute;

describe('time left', () => {
  const t = i18n.getFixedT('en', 'rentals');
  const tr = i18n.getFixedT('ru', 'rentals');

  it('reads as days and hours, hours and minutes, then a mm:ss countdown', () => {
    expect(formatRemaining(t, 2 * 24 * hour + 4 * hour + 59 * minute)).toBe('2 d 4 h');
    expect(formatRemaining(t, 4 * hour + 5 * minute + 30_000)).toBe('4 h 05 min');
    expect(formatRemaining(t, 12 * minute + 9_500)).toBe('12:09');
    expect(formatRemaining(t, 999)).toBe('00:00');
    expect(formatRemaining(t, -5000)).toBe('00:00');
    expect(formatRemaining(tr, 26 * hour)).toBe('1 д 2 ч');
  });

  it('names why a rental ended', () => {
    expect(statusLabel(t, { status: 'active', ended: null })).toBe('Active');
    expect(statusLabel(t, { status: 'inactive', ended: 'refunded' })).toBe('Refunded');
    expect(statusLabel(t, { status: 'inactive', ended: null })).toBe('Deactive');
    expect(statusLabel(tr, { status: 'inactive', ended: 'expired' })).toBe('Истёк');
  });

  it('finds the flag the web ships', () => {
    expect(flagSrc('GB')).toBe('/images/flags/gb.svg');
    expect(flagSrc('../x')).toBe('');
  });
});

/** Every key path, plural forms folded into one (English has _one/_other, Russian also _few/_many). */
function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return [...new Set(Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key)))].sort();
}

describe('copy', () => {
  it('is complete in both languages', () => {
    expect(keys(ruRentals)).toEqual(keys(enRentals));
    expect(keys(ruPayment)).toEqual(keys(enPayment));
  });
});

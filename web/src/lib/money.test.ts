import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { formatMoney, usd, withMoney } from './money';

// Intl puts a no-break space between a Russian amount and its sign.
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney: US dollars in each language’s own form', () => {
  it('English, Russian and Malay', () => {
    expect(formatMoney(68, 'en')).toBe('$68.00');
    expect(spaced(formatMoney(68, 'ru'))).toBe('68,00 $');
    // Malay writes US dollars apart from its own ringgit: "US$68.00" in browsers, "USD 68.00" in some ICU builds.
    expect(spaced(formatMoney(68, 'ms'))).toMatch(/^(US\$|USD )68\.00$/);
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(spaced(formatMoney(1234.5, 'ru'))).toBe('1 234,50 $');
  });

  it('rounds to the cent as the server does, and keeps the minus', () => {
    expect(formatMoney(0.005, 'en')).toBe('$0.01');
    expect(formatMoney(-20.5, 'en')).toBe('-$20.50');
    expect(spaced(formatMoney(-20.5, 'ru'))).toBe('-20,50 $');
  });

  it('a ledger amount carries its direction; zero has none', () => {
    expect(formatMoney(10, 'en', { signed: true })).toBe('+$10.00');
    expect(formatMoney(-2.5, 'en', { signed: true })).toBe('-$2.50');
    expect(formatMoney(0, 'en', { signed: true })).toBe('$0.00');
    expect(spaced(formatMoney(10, 'ru', { signed: true }))).toBe('+10,00 $');
  });

  it('whole amounts without cents for a chart axis, other currencies for an operator', () => {
    expect(formatMoney(120, 'en', { wholeWithoutCents: true })).toBe('$120');
    expect(formatMoney(2.5, 'en', { wholeWithoutCents: true })).toBe('$2.50');
    expect(formatMoney(12.5, 'en', { currency: 'eur' })).toBe('€12.50');
    expect(formatMoney(0.0015, 'en', { currency: 'usdt' })).toBe('0.0015 USDT');
  });
});

describe('usd: the interface language', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('follows a change of language', async () => {
    expect(usd(68)).toBe('$68.00');
    await i18n.changeLanguage('ru');
    expect(spaced(usd(68))).toBe('68,00 $');
  });
});

describe('withMoney', () => {
  it('formats the named values that are amounts and leaves the rest', () => {
    expect(withMoney({ amount: '25.00', email: 'a@b.c', count: 3 }, ['amount'], 'en')).toEqual({ amount: '$25.00', email: 'a@b.c', count: 3 });
    expect(withMoney({ amount: '' }, ['amount'], 'en')).toEqual({ amount: '' });
    expect(withMoney({ amount: 'lots' }, ['amount'], 'en')).toEqual({ amount: 'lots' });
  });
});

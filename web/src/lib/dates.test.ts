import { describe, expect, it } from 'vitest';
import { countryName } from './catalog/localized-countries';
import { formatCalendarDate, relativeTime } from './dates';
import { usd } from './money';

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('speaks the interface language', () => {
    expect(relativeTime('2026-03-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-03-10T11:59:50Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-03-10T09:00:00Z', 'ru', now)).toBe('3 часа назад');
    expect(relativeTime('2026-03-10T11:55:00Z', 'ms', now)).toBe('5 minit lalu');
    expect(relativeTime('2026-03-09T12:00:00Z', 'ms', now)).toBe('semalam');
  });
});

describe('Malay formats', () => {
  it('dates, country names and money as a Malaysian reader writes them', () => {
    expect(formatCalendarDate('2025-01-14', 'ms')).toBe('14 Januari 2025');
    expect(countryName({ code: 'DE', name: 'Germany' }, 'ms')).toBe('Jerman');
    expect(countryName({ code: 'US', name: 'United States' }, 'ms')).toBe('Amerika Syarikat');
    // Dollars are written the same in every language ("$3.50"); Malaysia's decimal mark is the point too.
    expect(usd(3.5)).toBe('$3.50');
    expect(new Intl.NumberFormat('ms', { minimumFractionDigits: 2 }).format(3.5)).toBe('3.50');
  });
});

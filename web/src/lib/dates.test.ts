import { describe, expect, it } from 'vitest';
import { countryName } from './catalog/localized-countries';
import { formatDate, formatDateTime, relativeTime } from './dates';

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

// 14:05:07 on 12 March 2026 on this machine's clock, whatever its time zone.
const instant = new Date(2026, 2, 12, 14, 5, 7).toISOString();

describe('formatDateTime: an instant in each language’s own form', () => {
  it('date and time, without seconds unless asked', () => {
    expect(formatDateTime(instant, 'en')).toBe('Mar 12, 2026, 2:05 PM');
    expect(formatDateTime(instant, 'ru')).toBe('12 мар. 2026 г., 14:05');
    expect(formatDateTime(instant, 'ms')).toMatch(/^12 Mac 2026,? 2:05 (PTG|ptg)$/);
    expect(formatDateTime(instant, 'en', { seconds: true })).toBe('Mar 12, 2026, 2:05:07 PM');
    expect(formatDateTime(instant, 'ru', { seconds: true })).toBe('12 мар. 2026 г., 14:05:07');
  });

  it('text that is no date comes back as it was', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon');
    expect(formatDate('', 'ru')).toBe('');
  });
});

describe('formatDate: a day', () => {
  it('a calendar date reads as that day wherever the visitor is', () => {
    expect(formatDate('2025-01-14', 'en', { utc: true })).toBe('January 14, 2025');
    expect(formatDate('2025-01-14', 'ru', { utc: true })).toBe('14 января 2025 г.');
    expect(formatDate('2025-01-14', 'ms', { utc: true })).toBe('14 Januari 2025');
    expect(formatDate(instant, 'en')).toBe('March 12, 2026');
  });

  it('country names as a Malaysian reader writes them', () => {
    expect(countryName({ code: 'DE', name: 'Germany' }, 'ms')).toBe('Jerman');
    expect(countryName({ code: 'US', name: 'United States' }, 'ms')).toBe('Amerika Syarikat');
  });
});

import { describe, expect, it } from 'vitest';
import { relativeTime } from './dates';

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('speaks the interface language', () => {
    expect(relativeTime('2026-03-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-03-10T11:59:50Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-03-10T09:00:00Z', 'ru', now)).toBe('3 часа назад');
  });
});

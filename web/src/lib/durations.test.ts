import { describe, expect, it } from 'vitest';
import { formatDurationMs } from './durations';

describe('formatDurationMs', () => {
  it('says milliseconds under a second, seconds under a minute, else minutes, in the language’s form', () => {
    expect(formatDurationMs(850, 'en')).toBe('850 ms');
    expect(formatDurationMs(12_440, 'en')).toBe('12.4 sec');
    expect(formatDurationMs(210_000, 'en')).toBe('3.5 min');
    expect(formatDurationMs(12_440, 'ru')).toBe('12,4 с');
  });
});

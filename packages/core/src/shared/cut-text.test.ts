import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text';

describe('cutText', () => {
  it('keeps a short text, and cuts a long one to the limit with "…" at its end', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('longer', 5)).toBe('long…');
    expect(cutText('a'.repeat(10_000), 4000)).toHaveLength(4000);
  });

  it('never splits an emoji (two UTF-16 units)', () => {
    expect(cutText('abc😀def', 5)).toBe('abc…');
    expect(cutText('ab😀def', 5)).toBe('ab😀…');
  });
});

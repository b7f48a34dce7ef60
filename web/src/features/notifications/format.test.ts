import { describe, expect, it } from 'vitest';
import { preview } from './format';

describe('preview', () => {
  it('keeps messages of up to 100 characters and cuts longer ones at 100', () => {
    expect(preview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(preview('b'.repeat(101))).toBe(`${'b'.repeat(100)}…`);
  });

  it('counts an emoji as one character', () => {
    expect(preview(`${'x'.repeat(99)}😀😀`)).toBe(`${'x'.repeat(99)}😀…`);
  });
});

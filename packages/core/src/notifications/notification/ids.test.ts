import { describe, expect, it } from 'vitest';
import { timeSortableId } from '../../shared/ids';

describe('timeSortableId (notification and message sort keys)', () => {
  it('sorts by time as text, and keeps creation order within one millisecond', () => {
    const sameMillisecond = Array.from({ length: 50 }, () => timeSortableId(1_700_000_000_000));
    expect([...sameMillisecond].sort()).toEqual(sameMillisecond);
    expect(new Set(sameMillisecond).size).toBe(50);
    expect(timeSortableId(Date.now() + 60_000) > sameMillisecond.at(-1)!).toBe(true);
  });

  it('is lower-case base-36 time then 16 hex characters', () => {
    expect(timeSortableId()).toMatch(/^[0-9a-z]{9}[0-9a-f]{16}$/);
  });
});

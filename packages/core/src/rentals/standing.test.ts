import { NumberType, standingFigures } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { sliceLimit, sliceOf, staleOutcomeAttributes, standingOf, tierOf, type StandingCounters } from './standing';

const now = new Date('2026-11-28T15:00:00.000Z');
const day = (back: number) => new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
const counters = (...days: Array<[back: number, delivered: number, unused: number]>): StandingCounters =>
  Object.fromEntries(
    days.flatMap(([back, delivered, unused]) => [
      [`delivered:${day(back)}`, delivered],
      [`unused:${day(back)}`, unused],
    ]),
  );

describe('standing', () => {
  it('is standard for a new account, which may hold 10 numbers with refund windows', () => {
    expect(standingOf(undefined, now)).toEqual({
      tier: 'standard',
      delivered: 0,
      unused: 0,
      window_days: 7,
      success_rate: null,
      held: 0,
      hold_limit: 10,
      close_refunds: true,
      paused_until: null,
    });
  });

  it('counts the last seven UTC days only', () => {
    const standing = standingOf({ ...counters([0, 2, 1], [6, 1, 1], [7, 9, 9]), held: 3 }, now);
    expect(standing).toMatchObject({ delivered: 3, unused: 2, success_rate: 60, held: 3 });
  });

  it('tiers by unused numbers and success rate', () => {
    expect(tierOf({ delivered: 0, unused: 4 })).toBe('standard'); // a bad run of four is no pattern yet
    expect(tierOf({ delivered: 0, unused: 5 })).toBe('limited');
    expect(tierOf({ delivered: 3, unused: 7 })).toBe('standard'); // 30%
    expect(tierOf({ delivered: 2, unused: 7 })).toBe('limited');
    expect(tierOf({ delivered: 1, unused: 10 })).toBe('paused'); // 9%
    expect(tierOf({ delivered: 2, unused: 10 })).toBe('limited'); // 17%
    expect(tierOf({ delivered: 20, unused: 5 })).toBe('trusted'); // 80%
    expect(tierOf({ delivered: 20, unused: 6 })).toBe('standard');
    expect(tierOf({ delivered: 19, unused: 0 })).toBe('standard');
  });

  it('takes the refund window away while limited, and purchases while paused', () => {
    expect(standingOf(counters([0, 0, 5]), now)).toMatchObject({ tier: 'limited', hold_limit: 3, close_refunds: false });
    expect(standingOf(counters([0, 0, 10]), now)).toMatchObject({ tier: 'paused', hold_limit: 0, close_refunds: false });
  });

  it('says when a pause lifts by itself: the first midnight whose window no longer pauses', () => {
    // Ten unused numbers three days ago and two today: once the old day leaves the window, two remain.
    expect(standingOf(counters([3, 0, 10], [0, 0, 2]), now).paused_until).toBe('2026-12-02T00:00:00.000Z');
    // All today: paused for the whole window.
    expect(standingOf(counters([0, 0, 12]), now).paused_until).toBe('2026-12-05T00:00:00.000Z');
  });

  it('shares a slice: at least the floor, else a quarter of what is held there and free', () => {
    expect(sliceLimit(0, 6)).toBe(standingFigures.sliceFloor);
    expect(sliceLimit(2, 4)).toBe(2);
    expect(sliceLimit(2, 98)).toBe(25);
    expect(sliceLimit(25, 75)).toBe(25);
  });

  it('names a slice by type, country and service; Private by country', () => {
    expect(sliceOf({ typeId: NumberType.Temporary, countryId: 4, serviceId: 9 })).toBe('3:4:9');
    expect(sliceOf({ typeId: NumberType.Private, countryId: 4 })).toBe('2:4:all');
  });

  it('lists the outcome counters that left the window', () => {
    expect(staleOutcomeAttributes({ ...counters([0, 1, 1], [6, 1, 0], [7, 1, 0], [30, 0, 2]), held: 2, 'held:3:4:9': 0 }, now).sort()).toEqual(
      [`delivered:${day(30)}`, `delivered:${day(7)}`, `unused:${day(30)}`, `unused:${day(7)}`].sort(),
    );
  });
});

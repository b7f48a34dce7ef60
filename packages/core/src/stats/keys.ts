import { statsCountersKey, type StatsCountersAt } from '../shared/db/items/stats-keys';
import { utcDay } from '../shared/utc-day';

/** The counter items' key arguments: a UTC day, an hour (`YYYY-MM-DDTHH`), the active-rentals gauge. */
export const countersAt = {
  day: (date: string): StatsCountersAt => ({ day: date }),
  hour: (hour: string): StatsCountersAt => ({ day: hour.slice(0, 10), hour: hour.slice(11, 13) }),
  activeRentals: {},
} satisfies Record<string, StatsCountersAt | ((at: string) => StatsCountersAt)>;

/**
 * Keys: docs/access-patterns.md. Each UTC day is one partition: its totals (`DAY`) and its 24 hours
 * (`HOUR#<HH>`), so a month of the overview is one BatchGet. Rentals active now: one gauge item.
 */
export const statsKeys = {
  day: (date: string) => statsCountersKey(countersAt.day(date)),
  hour: (hour: string) => statsCountersKey(countersAt.hour(hour)),
  activeRentals: statsCountersKey(countersAt.activeRentals),
};

/** A UTC hour as `YYYY-MM-DDTHH`. */
export const utcHour = (time: Date | number) => new Date(time).toISOString().slice(0, 13);

/** The `count` UTC days ending with the day of `now`, oldest first. */
export function lastDays(now: Date | number, count: number): string[] {
  const end = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => utcDay(end - (count - 1 - i) * 86_400_000));
}

/** The `count` UTC hours ending with the hour of `now`, oldest first. */
export function lastHours(now: Date | number, count: number): string[] {
  const end = Date.parse(`${utcHour(now)}:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => utcHour(end - (count - 1 - i) * 3_600_000));
}

/** Day items are kept for 400 days, hour items for 3 (the chart shows 48 hours). */
export const dayItemSeconds = 400 * 86_400;
export const hourItemSeconds = 3 * 86_400;

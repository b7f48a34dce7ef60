// Every date the web shows is formatted here, in the interface language (the visitor's time zone unless said).

/** "14 January 2025" / "14 января 2025 г.": a calendar date (published, updated), so read as UTC. */
export const formatCalendarDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** "12 Mar 2026, 14:05" in the interface language and the visitor's time zone. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "3/12/2026, 2:05:07 PM": a full timestamp with seconds (key use, webhook deliveries), as Date#toLocaleString gives it. */
export const formatTimestamp = (iso: string, language: string) => new Date(iso).toLocaleString(language);

/** "12 March 2026": a day in the visitor's time zone (member since). */
export const formatLongDate = (iso: string, language: string) => new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'long', day: 'numeric' });

/** "14 Mar": a day of the operators' UTC figures (`2026-03-14`). */
export const formatUtcDay = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** "14:00": an hour of the operators' UTC figures (`2026-03-14T14`). */
export const formatUtcHour = (hour: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(`${hour}:00:00Z`));

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago", "yesterday", "только что"... in the interface language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return format.format(0, 'second');
  const [unit, size] = units.find(([, length]) => Math.abs(seconds) >= length) ?? units.at(-1)!;
  return format.format(Math.round(seconds / size), unit);
}

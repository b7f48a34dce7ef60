// Every date the web shows is formatted here, in the interface language (the visitor's time zone unless said).

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per language and form, made once: tables format hundreds of dates. */
function formatOf(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(id, format);
  }
  return format;
}

const dateOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * An instant, in the interface language's own form and the visitor's time zone: "Mar 12, 2026, 2:05 PM",
 * "12 мар. 2026 г., 14:05". `seconds` adds them where two events a second apart must read apart
 * (webhook deliveries, the audit log). Text that is no date comes back as it was.
 */
export function formatDateTime(iso: string, language: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = dateOf(iso);
  return date ? formatOf(language, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' }).format(date) : iso;
}

/**
 * A day: "March 12, 2026", "12 марта 2026 г.". `utc` for a calendar date that names no time zone
 * (`2025-01-14`: published, updated), else the visitor's day of that instant (member since).
 */
export function formatDate(iso: string, language: string, { utc = false }: { utc?: boolean } = {}): string {
  const date = dateOf(iso);
  return date ? formatOf(language, { dateStyle: 'long', ...(utc ? { timeZone: 'UTC' } : {}) }).format(date) : iso;
}

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

/** A notification's message is previewed up to 100 characters. */
export const previewLength = 100;

/** The first 100 characters (whole characters, never half an emoji), with an ellipsis when cut. */
export function preview(message: string, length = previewLength): string {
  const chars = Array.from(message);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : message;
}

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

/**
 * A measured time in the language's own units: under a second in milliseconds ("850 ms"), under a
 * minute in seconds with one decimal ("12.4 s", "12,4 с"), else in minutes ("3.5 min").
 */
export function formatDurationMs(ms: number, language: string): string {
  const [value, unit] = ms < 1000 ? [Math.round(ms), 'millisecond'] : ms < 60_000 ? [ms / 1000, 'second'] : [ms / 60_000, 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/**
 * Money is integer cents inside the system; dollars (2 decimals) only at the API and UI edge.
 */
export type Cents = number;

export function assertCents(value: number, label = 'amount'): asserts value is Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a whole number of cents, got ${value}`);
}

/** Dollars as the API sends them (e.g. 0.15) to cents (15). Rounds half away from zero. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  // x * 100 of a 2-decimal float lands within 1e-9 of the integer, so rounding recovers it exactly.
  const cents = Math.round(Math.abs(dollars) * 100);
  return dollars < 0 ? -cents : cents;
}

/** Cents to a dollar number with at most 2 decimals (for JSON replies). */
export function toDollars(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

/** Cents as a dollar string with exactly 2 decimals, built from integers so no float can creep in. */
export function formatDollars(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}`;
}

/**
 * `cents` changed by `percent` (at most 2 decimals: -12.5 = 12.5% less), rounded to the cent half
 * away from zero like toCents. Whole-number arithmetic, so 10% of 25 cents is exactly 2.5 -> 3.
 */
export function scaleCents(cents: Cents, percent: number): Cents {
  assertCents(cents);
  const hundredths = Math.round(percent * 100); // 10000 hundredths of a percent = 100%
  const scaled = cents * (10_000 + hundredths); // in 1/10000 of a cent
  const rounded = Math.floor((2 * Math.abs(scaled) + 10_000) / 20_000);
  return scaled < 0 ? -rounded : rounded;
}

/**
 * Upstreams' prices in dollars and back. An upstream prices in its own currency (a decimal string as
 * it answers, `12.5`), and its rate is dollars per one unit of that currency (`0.0109`): both are
 * turned into integers scaled by their decimals, so no float ever touches the money.
 */

const decimalPattern = /^([0-9]{1,15})(?:\.([0-9]{1,12}))?$/;

/** A non-negative decimal string as an integer and its power of ten (`12.50` -> 1250n, 2). */
function scaled(value: string, what: string): { units: bigint; decimals: number } {
  const match = decimalPattern.exec(value.trim());
  if (!match) throw new RangeError(`${what} must be a non-negative decimal, not ${JSON.stringify(value)}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), decimals: fraction.length };
}

const tenTo = (power: number) => 10n ** BigInt(power);

/** The rate as units and decimals, refusing 0 (a price would be worth nothing). */
function scaledRate(rate: string): { units: bigint; decimals: number } {
  const parsed = scaled(rate, 'The rate');
  if (parsed.units === 0n) throw new RangeError('The rate must be more than 0');
  return parsed;
}

/** What an upstream's price (in its currency) costs us in cents at this rate, rounded UP to the cent. */
export function upstreamCostCents(price: string, rate: string): number {
  const p = scaled(price, 'The price');
  const r = scaledRate(rate);
  const divisor = tenTo(p.decimals + r.decimals);
  const hundredths = p.units * r.units * 100n;
  return Number((hundredths + divisor - 1n) / divisor);
}

/** Cents as dollars floored to the cent of an amount in the upstream's currency (its balance in dollars). */
export function upstreamValueCentsDown(amount: string, rate: string): number {
  const a = scaled(amount, 'The amount');
  const r = scaledRate(rate);
  return Number((a.units * r.units * 100n) / tenTo(a.decimals + r.decimals));
}

/**
 * The most we may offer an upstream (its `maxPrice`, in its currency, two decimals at most) for an
 * activation that may cost us at most `cents`: rounded DOWN, so its cost never exceeds `cents`.
 */
export function upstreamMaxPrice(cents: number, rate: string): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Cents must be a non-negative integer, not ${cents}`);
  const r = scaledRate(rate);
  // cents / 100 / (units / 10^decimals), in hundredths of the currency: cents × 10^decimals / units.
  const hundredths = (BigInt(cents) * tenTo(r.decimals)) / r.units;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * The most an activation sold to a customer at `customerPriceCents` may cost us from an upstream:
 * the price less the operator's minimum margin (percent, one decimal), floored to the cent.
 */
export function upstreamCostCeilingCents(customerPriceCents: number, minMarginPercent: number): number {
  const keptTenths = Math.round(minMarginPercent * 10);
  return Math.floor((customerPriceCents * (1000 - keptTenths)) / 1000);
}

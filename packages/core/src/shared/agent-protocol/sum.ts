import { isAgentSumText } from './protocol';

/**
 * GET_NUMBER's `sum`: what the agent earns, in the currency of the request (we pay in US dollars,
 * currency 840, with up to 4 decimals). Made from an integer count of hundredths of a cent by
 * string arithmetic only, so 0.1234 is written 0.1234 and never 0.12339999.
 */

/** Hundredths of a cent (1234 → "0.1234", 2000 → "0.2", 10000 → "1") as the `sum` field's exact decimal. */
export function agentSumFromHundredthsOfCent(hundredthsOfCent: number | bigint): string {
  if (typeof hundredthsOfCent === 'number' && !Number.isSafeInteger(hundredthsOfCent)) throw new RangeError(`Not a whole amount: ${hundredthsOfCent}`);
  if (hundredthsOfCent < 0) throw new RangeError(`A sum is not negative: ${hundredthsOfCent}`);
  const digits = hundredthsOfCent.toString().padStart(5, '0');
  const whole = digits.slice(0, -4);
  const fraction = digits.slice(-4).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Whole cents (20 → "0.2", 1999 → "19.99") as the `sum` field's exact decimal. */
export function agentSumFromCents(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return agentSumFromHundredthsOfCent(BigInt(cents) * 100n);
}

/** A `sum` ("0.1234") back as hundredths of a cent (1234), exactly; throws on a text that is no sum. */
export function hundredthsOfCentFromAgentSum(sum: string): bigint {
  if (!isAgentSumText(sum)) throw new RangeError(`Not a sum with at most 4 decimals: ${sum}`);
  const [whole = '0', fraction = ''] = sum.split('.');
  return BigInt(whole) * 10000n + BigInt(fraction.padEnd(4, '0'));
}

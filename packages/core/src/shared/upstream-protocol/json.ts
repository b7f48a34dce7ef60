import { isLosslessNumber, parse } from 'lossless-json';

/**
 * Upstream JSON read with every number kept as it was written: prices stay the decimals the
 * upstream wrote (`0.35`, never 0.35000000000000003), ids keep all their digits.
 */

/** The parsed tree (numbers as LosslessNumber), or undefined when the text is no JSON. */
export function parseJson(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);

const decimalPattern = /^\d+(\.\d+)?$/;

/** A non-negative decimal as written (a JSON number or a numeric string), or undefined. */
export function decimalOf(value: unknown): string | undefined {
  const text = isLosslessNumber(value) ? value.toString() : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && decimalPattern.test(text) ? text : undefined;
}

/** A whole non-negative count (a JSON number or a numeric string), or undefined. */
export function countOf(value: unknown): number | undefined {
  const text = decimalOf(value);
  if (text === undefined || text.includes('.')) return undefined;
  const count = Number(text);
  return Number.isSafeInteger(count) ? count : undefined;
}

/** An id (a JSON number or a string of digits) as its decimal digits, or undefined. */
export function idOf(value: unknown): string | undefined {
  const text = isLosslessNumber(value) ? value.toString() : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && /^\d{1,30}$/.test(text) ? text : undefined;
}

/** A phone number's digits (`+7 908 589-52-81` -> `79085895281`), or undefined when it has none or other characters. */
export function phoneDigits(value: unknown): string | undefined {
  const text = isLosslessNumber(value) ? value.toString() : typeof value === 'string' ? value : undefined;
  if (text === undefined) return undefined;
  const digits = text.replace(/[\s+()-]/g, '');
  return /^\d{6,16}$/.test(digits) ? digits : undefined;
}

import type { MobileNumber } from '@numbernest/contracts';

/** What people type around the digits of a phone number: spaces, +, dashes, brackets. */
const separators = /[\s+\-()]/g;

/**
 * The digits of a number search ("+44 (7700) 900-1" -> "4477009001"), or null when the text is
 * not a number the server could search for (letters, or more than 15 digits, the E.164 maximum).
 */
export function searchDigits(query: string): string | null {
  const digits = query.replace(separators, '');
  return /^[0-9]{1,15}$/.test(digits) ? digits : null;
}

/**
 * The loaded numbers that match what was typed, in their order: a number search matches its digits
 * anywhere in the number (so "7700 900" finds +447700900111), anything else a case-insensitive substring.
 */
export function matchNumbers(numbers: readonly MobileNumber[], query: string): readonly MobileNumber[] {
  const text = query.trim();
  if (!text) return numbers;
  const digits = searchDigits(text);
  if (digits) return numbers.filter((number) => number.mobile_number.replace(/\D/g, '').includes(digits));
  const needle = text.toLocaleLowerCase();
  return numbers.filter((number) => number.mobile_number.toLocaleLowerCase().includes(needle));
}

/**
 * Two lists sorted by number (as the server sends its pages) as one, each number once: the loaded
 * matches and the server's search answer, so a match already on screen never disappears when the
 * answer arrives.
 */
export function mergeByNumber(a: readonly MobileNumber[], b: readonly MobileNumber[]): readonly MobileNumber[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const merged: MobileNumber[] = [];
  const seen = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]!.mobile_number <= b[j]!.mobile_number) ? a[i++]! : b[j++]!;
    if (seen.has(next.id)) continue;
    seen.add(next.id);
    merged.push(next);
  }
  return merged;
}

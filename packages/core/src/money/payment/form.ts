import { fieldProblem } from '@numbernest/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../shared/errors';

/**
 * Helpers of the form-post providers (Perfect Money, Payeer): their status calls are
 * `application/x-www-form-urlencoded` forms signed with a hex digest over some of the fields.
 * Pure (node:crypto only), so the local sandboxes sign with the very same code.
 */

/** A form body to its fields (a repeated field keeps its last value). */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Fields to a form body, in the given order. */
export const encodeForm = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** The named fields, or a ValidationError naming each absent one (an empty value is a value: it is signed too). */
export function requireFields<Name extends string>(form: Record<string, string>, names: readonly Name[]): Record<Name, string> {
  const missing = names.filter((name) => form[name] === undefined);
  if (missing.length > 0) {
    throw new ValidationError(`Notification lacks ${missing.join(', ')}`, Object.fromEntries(missing.map((name) => [name, [fieldProblem('REQUIRED')]])));
  }
  return Object.fromEntries(names.map((name) => [name, form[name]!])) as Record<Name, string>;
}

/** Upper-case hex digest: the form both providers sign in. */
export const upperHexDigest = (algorithm: 'md5' | 'sha256', text: string): string => createHash(algorithm).update(text, 'utf8').digest('hex').toUpperCase();

/** Compares a received hex signature with the expected one in constant time (hex case does not matter). */
export function sameHexSignature(received: string, expected: string): boolean {
  const a = Buffer.from(received.toUpperCase(), 'utf8');
  const b = Buffer.from(expected.toUpperCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

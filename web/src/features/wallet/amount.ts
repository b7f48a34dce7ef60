import type { TFunction } from '@/lib/i18n';
import { hasCents } from '@numbernest/contracts';
import type { ErrorReply } from '@numbernest/contracts';
import { describeValidation, messageOfFieldIssue, type FieldErrors, type ValidationMessage } from '@/lib/validation';

/**
 * The amount a person typed, in dollars: null when blank, NaN when it is not a plain number.
 * A decimal comma is read as a point (people type "10,50" in Russian).
 */
export function parseDollars(raw: string): number | null {
  const text = raw.replace(/\s+/g, '').replace(',', '.');
  if (!text) return null;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

interface Bounds {
  /** Smallest allowed amount; `exclusive` means it must be greater than `min` (transfers: > 0). */
  min: number;
  exclusive?: boolean;
  max: number;
}

/** The first problem with a typed amount, in the shared wording; undefined when it is fine. */
export function amountProblem(raw: string, { min, exclusive = false, max }: Bounds): ValidationMessage | undefined {
  const dollars = parseDollars(raw);
  if (dollars === null) return { key: 'required' };
  if (Number.isNaN(dollars)) return { key: 'number' };
  if (exclusive ? dollars <= min : dollars < min) return { key: exclusive ? 'greaterThan' : 'atLeast', values: { count: min } };
  if (dollars > max) return { key: 'atMost', values: { count: max } };
  if (!hasCents(dollars)) return { key: 'cents' };
  return undefined;
}

/** The field problems of a 400 (by code, `errors` as the fallback words), first per field: those of the fields a form shows, and the others. */
export function walletErrorsFromServer<Field extends string>(reply: Pick<ErrorReply, 'errors' | 'fields'>, fields: readonly Field[]) {
  const found: FieldErrors<Field> = {};
  const others: ValidationMessage[] = [];
  for (const field of new Set([...Object.keys(reply.fields ?? {}), ...Object.keys(reply.errors ?? {})])) {
    const message = messageOfFieldIssue(reply.fields?.[field]?.[0], reply.errors?.[field]?.[0]);
    if (!message) continue;
    if (!fields.includes(field as Field)) others.push(message);
    else found[field as Field] = message;
  }
  return { fields: found, others };
}

/** Words for a message, if any; `tv` bound to the validation namespace. */
export function describeMessage(tv: TFunction<'validation'>, message: ValidationMessage | undefined): string | undefined {
  return message && describeValidation(tv, message);
}

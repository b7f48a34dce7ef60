import type * as z from 'zod/mini';
import { fieldErrorCodes, type FieldErrorCode } from './error-codes';
import { fieldErrorText, type FieldIssue, type FieldProblem } from './errors';

type AnyIssue = z.core.$ZodRawIssue | z.core.$ZodIssue;

const isFieldErrorCode = (code: unknown): code is FieldErrorCode => typeof code === 'string' && (fieldErrorCodes as readonly string[]).includes(code);

/**
 * One vocabulary for bad input, shared by the API and the web forms (the original client's default messages:
 * 'Required.', 'Must be a number.', 'Must have at least {0} characters.', 'Invalid email.', …), as a
 * code with its params. A refinement names its code: `z.refine(check, { params: { code: 'TOO_MANY_DECIMALS' } })`.
 */
export function fieldIssueOf(issue: AnyIssue): FieldIssue | undefined {
  const missing = ['invalid_type', 'invalid_union', 'invalid_value'].includes(issue.code ?? '');
  if ('input' in issue && issue.input === undefined && missing) return { code: 'REQUIRED' };
  const count = (limit: unknown) => ({ count: typeof limit === 'bigint' ? Number(limit) : (limit as number) });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return { code: 'NOT_A_NUMBER' };
      if (issue.expected === 'int') return { code: 'NOT_AN_INTEGER' };
      if (issue.expected === 'string') return { code: 'NOT_TEXT' };
      if (issue.expected === 'object') return { code: 'NOT_AN_OBJECT' };
      return { code: 'WRONG_TYPE', params: { expected: String(issue.expected) } };
    case 'too_small':
      if (issue.origin === 'string') return { code: 'TOO_SHORT', params: count(issue.minimum) };
      return { code: issue.inclusive ? 'TOO_SMALL' : 'NOT_GREATER', params: count(issue.minimum) };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'TOO_LONG', params: count(issue.maximum) };
      return { code: issue.inclusive ? 'TOO_BIG' : 'NOT_LESS', params: count(issue.maximum) };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'INVALID_EMAIL' };
      if (issue.format === 'url') return { code: 'INVALID_URL' };
      return { code: 'INVALID_FORMAT' };
    case 'invalid_value':
      return { code: 'NOT_ONE_OF', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_union': {
      // A discriminated union reports its discriminator with the whole object as input.
      const { discriminator, options } = issue as { discriminator?: string; options?: unknown[] };
      const input = ('input' in issue ? issue.input : undefined) as Record<string, unknown> | null;
      if (discriminator && typeof input === 'object' && input?.[discriminator] === undefined) return { code: 'REQUIRED' };
      return Array.isArray(options) ? { code: 'NOT_ONE_OF', params: { values: options.map(String).join(', ') } } : { code: 'INVALID_VALUE' };
    }
    case 'custom': {
      const code = (issue.params as { code?: unknown } | undefined)?.code;
      return isFieldErrorCode(code) ? { code } : undefined;
    }
    default:
      return undefined;
  }
}

/** The English of an issue; pass it as `schema.safeParse(value, { error: validationMessage })`. */
export function validationMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const found = fieldIssueOf(issue);
  return found && fieldErrorText(found);
}

/**
 * Issues as `{ field: [codes] }`. Nested paths join with '.'; issues about the whole value go under
 * `rootKey`; each unknown key of a strict object gets its own entry. The issues must come from a
 * parse with `reportInput` (see `parseFields`), so a missing value reads as REQUIRED.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], rootKey: string): Record<string, FieldProblem[]> {
  // Keys are what the caller sent: without a prototype, `constructor` or `__proto__` is a field like any other.
  const errors: Record<string, FieldProblem[]> = Object.create(null);
  const add = (path: readonly PropertyKey[], found: FieldProblem) => {
    const key = path.length ? path.map(String).join('.') : rootKey;
    (errors[key] ??= []).push(found);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((k) => add([...issue.path, k], { code: 'UNKNOWN_FIELD', message: 'Unknown field.' }));
    // The sentence zod made (a schema may word its own), with the code it stands for.
    else add(issue.path, { ...(fieldIssueOf(issue) ?? { code: 'INVALID_VALUE' }), message: issue.message });
  }
  return errors;
}

/** `{ field: [English sentences] }` of coded field problems (the `errors` of a reply). */
export const fieldErrorTexts = (fields: Record<string, FieldProblem[]>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(fields).map(([field, problems]) => [field, problems.map((p) => p.message)]));

/** `{ field: [codes] }` of field problems (the `fields` of a reply). */
export const fieldErrorIssues = (fields: Record<string, FieldProblem[]>): Record<string, FieldIssue[]> =>
  Object.fromEntries(Object.entries(fields).map(([field, problems]) => [field, problems.map(({ code, params }) => (params ? { code, params } : { code }))]));

/** Parses `value`; on failure, the problems per field as codes. */
export function parseFields<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  rootKey: string,
): { success: true; data: z.output<S> } | { success: false; fields: Record<string, FieldProblem[]> } {
  const result = schema.safeParse(value, { error: validationMessage, reportInput: true });
  return result.success ? { success: true, data: result.data } : { success: false, fields: fieldErrors(result.error.issues, rootKey) };
}

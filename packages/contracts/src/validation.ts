import type * as z from 'zod/mini';

/**
 * One wording for bad input, shared by the API and the web forms (the original client's default messages:
 * 'Required.', 'Must be a number.', 'Must have at least {0} characters.', 'Invalid email.', …).
 * Pass it as `schema.safeParse(value, { error: validationMessage })`.
 */
export function validationMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const missing = ['invalid_type', 'invalid_union', 'invalid_value'].includes(issue.code ?? '');
  if (issue.input === undefined && missing) return 'Required.';
  const bound = (limit: unknown) => String(limit);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return 'Must be a number.';
      if (issue.expected === 'int') return 'Must be an integer.';
      if (issue.expected === 'string') return 'Must be text.';
      if (issue.expected === 'object') return 'Must be an object.';
      return `Must be of type ${issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') return `Must have at least ${bound(issue.minimum)} characters.`;
      return issue.inclusive ? `Must be greater than or equal to ${bound(issue.minimum)}.` : `Must be greater than ${bound(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Must have up to ${bound(issue.maximum)} characters.`;
      return issue.inclusive ? `Must be less than or equal to ${bound(issue.maximum)}.` : `Must be less than ${bound(issue.maximum)}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email.';
      if (issue.format === 'url') return 'Invalid url.';
      return 'Invalid format.';
    case 'invalid_value':
      return `Must be one of ${issue.values.map(String).join(', ')}.`;
    case 'invalid_union': {
      // A discriminated union reports its discriminator with the whole object as input.
      const { discriminator, options } = issue as { discriminator?: string; options?: unknown[] };
      const input = issue.input as Record<string, unknown> | null;
      if (discriminator && typeof input === 'object' && input?.[discriminator] === undefined) return 'Required.';
      return Array.isArray(options) ? `Must be one of ${options.map(String).join(', ')}.` : 'Invalid value.';
    }
    default:
      return undefined;
  }
}

/**
 * Issues as `{ field: [messages] }`. Nested paths join with '.'; issues about the whole value
 * go under `rootKey`; each unknown key of a strict object gets its own entry.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], rootKey: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length ? path.map(String).join('.') : rootKey;
    (errors[key] ??= []).push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((k) => add([...issue.path, k], 'Unknown field.'));
    else add(issue.path, issue.message);
  }
  return errors;
}

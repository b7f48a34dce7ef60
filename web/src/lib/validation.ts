import type * as z from 'zod/mini';
import type { TFunction } from './i18n';
import englishMessages from '../locales/en/validation.json';

/**
 * Form messages, one vocabulary for the browser and the server: the browser validates
 * with the server's zod schema, and English messages from the server are read back into keys so
 * they show in the visitor's language. Copy lives in the `validation` namespace.
 */
export type ValidationKey = keyof typeof englishMessages;
export type ValidationMessage =
  | { key: ValidationKey; values?: Record<string, number> }
  /** A server message outside the catalogue: shown as it came. */
  | { text: string };
export type FieldErrors<Field extends string = string> = Partial<Record<Field, ValidationMessage>>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isValidationKey = (key: unknown): key is ValidationKey => typeof key === 'string' && key in englishMessages;

export function messageFromZodIssue(issue: z.core.$ZodIssue): ValidationMessage {
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'required' };
    case 'too_small':
      if (issue.origin === 'string' && issue.exact) return { key: 'length', values: { count: Number(issue.minimum) } };
      return issue.origin === 'string'
        ? { key: 'minLength', values: { count: Number(issue.minimum) } }
        : { key: issue.inclusive ? 'atLeast' : 'greaterThan', values: { count: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string' && issue.exact) return { key: 'length', values: { count: Number(issue.maximum) } };
      return issue.origin === 'string'
        ? { key: 'maxLength', values: { count: Number(issue.maximum) } }
        : { key: issue.inclusive ? 'atMost' : 'lessThan', values: { count: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'email' : issue.format === 'url' ? 'url' : 'format' };
    // A refinement names its catalogue message: `.refine(check, { params: { key: 'notMatched' } })`.
    case 'custom':
      return { key: isValidationKey(issue.params?.key) ? issue.params.key : 'format' };
    default:
      return { key: 'format' };
  }
}

/** First problem per field; a blank field is simply "Required." whatever rule it broke. */
export function fieldErrorsFromZod<Field extends string>(error: z.core.$ZodError, values: Partial<Record<Field, unknown>>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    if (!field || errors[field]) continue;
    errors[field] = isBlank(values[field]) ? { key: 'required' } : messageFromZodIssue(issue);
  }
  return errors;
}

// "Must have at least {{count}} characters." -> /^Must have at least (?<count>-?\d+(?:\.\d+)?) characters\.$/
const patterns = (Object.entries(englishMessages) as [ValidationKey, string][]).map(([key, template]) => {
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      return name ? `(?<${name}>-?\\d+(?:\\.\\d+)?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { key, regex: new RegExp(`^${source}$`) };
});

export function messageFromServer(text: string): ValidationMessage {
  for (const { key, regex } of patterns) {
    const match = regex.exec(text.trim());
    if (!match) continue;
    const values = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, Number(value)]));
    return Object.keys(values).length ? { key, values } : { key };
  }
  return { text };
}

/** `{ errors: { field: [msgs] } }` of a 4xx reply, first message per field. */
export function fieldErrorsFromServer<Field extends string>(errors: Record<string, string[]> | undefined): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages[0]) result[field as Field] = messageFromServer(messages[0]);
  }
  return result;
}

/** Words for a message; `t` must be bound to the `validation` namespace. */
export function describeValidation(t: TFunction<'validation'>, message: ValidationMessage): string {
  return 'text' in message ? message.text : t(message.key, message.values);
}

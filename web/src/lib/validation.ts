import type { ErrorReply, FieldErrorCode, FieldIssue } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import i18n, { type TFunction } from './i18n';
import { withMoney } from './money';
import englishMessages from '@/locales/en/validation.json';

/**
 * Form messages, one vocabulary for the browser and the server: the browser validates
 * with the server's zod schema, and the server names each field's problem by a code (`fields` of
 * its reply) that maps to the same keys, so it shows in the visitor's language. Copy lives in the
 * `validation` namespace.
 */
export type ValidationKey = keyof typeof englishMessages;
export type ValidationMessage =
  | { key: ValidationKey; values?: Record<string, number | string> }
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
    // A refinement names its catalogue message: `.refine(check, { params: { key: 'notMatched' } })`,
    // or, in the shared schemas, its field code: `{ params: { code: 'TOO_MANY_DECIMALS' } }`.
    case 'custom':
      if (isValidationKey(issue.params?.key)) return { key: issue.params.key };
      return { key: (keyOfFieldCode as Partial<Record<string, ValidationKey>>)[String(issue.params?.code)] ?? 'format' };
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

/** The catalogue message of each field code the server sends (`fields` of a VALIDATION_FAILED reply). */
const keyOfFieldCode: Record<FieldErrorCode, ValidationKey> = {
  REQUIRED: 'required',
  NOT_A_NUMBER: 'number',
  NOT_AN_INTEGER: 'integer',
  NOT_TEXT: 'text',
  NOT_AN_OBJECT: 'object',
  WRONG_TYPE: 'type',
  TOO_SHORT: 'minLength',
  TOO_LONG: 'maxLength',
  TOO_SMALL: 'atLeast',
  NOT_GREATER: 'greaterThan',
  TOO_BIG: 'atMost',
  NOT_LESS: 'lessThan',
  INVALID_EMAIL: 'email',
  INVALID_URL: 'url',
  INVALID_FORMAT: 'format',
  CONTROL_CHARACTERS: 'controlCharacters',
  NOT_ONE_OF: 'oneOf',
  INVALID_VALUE: 'invalidValue',
  UNKNOWN_FIELD: 'unknownField',
  TOO_MANY_DECIMALS: 'cents',
  TOO_LARGE: 'tooLarge',
  NO_ACCOUNT: 'noAccount',
  OWN_ACCOUNT: 'ownAccount',
  OVER_BALANCE: 'overBalance',
  OVER_TRANSFERABLE: 'overTransferable',
  OVER_DAILY_LIMIT: 'overDailyLimit',
  NOT_EXTENDABLE: 'notExtendable',
  UNKNOWN_RENT_PERIOD: 'unknownRentPeriod',
  SMS_TO_SELF: 'smsToSelf',
  SMS_COUNTRY_UNSUPPORTED: 'smsCountry',
  WEBHOOK_URL_MISSING: 'webhookUrlMissing',
  WEBHOOK_URL_REFUSED: 'webhookUrlRefused',
  AGENT_URL_REFUSED: 'agentUrlRefused',
  IDEMPOTENCY_KEY_MISSING: 'idempotencyKey',
  ONE_DECIMAL: 'oneDecimal',
  UNKNOWN_COUNTRY: 'unknownCountry',
  UNKNOWN_SERVICE: 'unknownService',
  UPSTREAM_URL_REFUSED: 'upstreamUrlRefused',
  UNKNOWN_SOURCE: 'unknownSource',
};
export const validationKeyOfFieldCode = (code: FieldErrorCode): ValidationKey => keyOfFieldCode[code];

/** One field problem from the server, by its code; an unknown code (a newer server) shows the English it came with. */
export function messageOfFieldIssue(issue: FieldIssue | undefined, english?: string): ValidationMessage | undefined {
  const key = issue && (keyOfFieldCode as Partial<Record<string, ValidationKey>>)[issue.code];
  if (key) return issue.params ? { key, values: issue.params } : { key };
  return english === undefined ? undefined : { text: english };
}

/** First problem per field of a VALIDATION_FAILED reply (`fields`, with `errors` as the fallback words). */
export function fieldErrorsFromServer<Field extends string>(reply: Pick<ErrorReply, 'errors' | 'fields'> | undefined): FieldErrors<Field> {
  // Field names are what the request sent: without a prototype, `__proto__` is one like any other.
  const result: FieldErrors<Field> = Object.create(null);
  for (const field of new Set([...Object.keys(reply?.fields ?? {}), ...Object.keys(reply?.errors ?? {})])) {
    const message = messageOfFieldIssue(reply?.fields?.[field]?.[0], reply?.errors?.[field]?.[0]);
    if (message) result[field as Field] = message;
  }
  return result;
}

/** Words for a message; `t` must be bound to the `validation` namespace. */
export function describeValidation(t: TFunction<'validation'>, message: ValidationMessage): string {
  if ('text' in message) return message.text;
  // The daily transfer limit is money; every other value is a count.
  return t(message.key, message.key === 'overDailyLimit' && message.values ? withMoney(message.values, ['limit'], i18n.language) : message.values);
}

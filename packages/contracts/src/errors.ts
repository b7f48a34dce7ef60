import * as z from 'zod/mini';

/**
 * The stable codes of every JSON error reply. `message` stays an English sentence for people and
 * logs; clients (the web among them) decide and translate by `code`, with `params` filling in the
 * sentence's variables. A code, once published, keeps its meaning: add new ones, never reuse.
 */
export const errorCodes = [
  // 400
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'SMS_PRIVATE_ONLY',
  // 401
  'UNAUTHORIZED',
  'SESSION_ENDED',
  'SIGNATURE_INVALID',
  // 402
  'INSUFFICIENT_FUNDS',
  // 403
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_ON_HOLD',
  // 404
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'ACCOUNT_DELETED',
  'COUNTRY_NOT_FOUND',
  'SERVICE_NOT_OFFERED',
  'TEMPORARY_NOT_OFFERED',
  'PRIVATE_NOT_OFFERED',
  'NUMBER_NOT_FOUND',
  'RENTAL_NOT_FOUND',
  'TOP_UP_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  'API_KEY_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  'CONTACT_MESSAGE_NOT_FOUND',
  'BLOG_POST_NOT_FOUND',
  'HOLD_NOT_FOUND',
  // 405, 413, 415
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // 409
  'CONFLICT',
  'CONCURRENT_CHANGE',
  'BALANCE_BUSY',
  'RENTAL_ENDED',
  'RENTAL_CHANGING',
  'RENTAL_USED',
  'EARLY_CANCEL_DENIED',
  'NUMBER_TAKEN',
  'IDEMPOTENCY_KEY_REUSED',
  'HOLD_CHANGED',
  'TOO_MANY_API_KEYS',
  'SMS_RENTAL_ENDED',
  // 429
  'RATE_LIMITED',
  'CONTACT_LIMIT',
  'WEBHOOK_TEST_LIMIT',
  'REDELIVERY_LIMIT',
  'TOP_UP_LIMIT',
  'PURCHASE_LIMIT_HOUR',
  'PURCHASE_LIMIT_DAY',
  'REFUND_LIMIT_HOUR',
  'REFUND_LIMIT_DAY',
  'SMS_DAILY_CAP',
  'SMS_DESTINATION_CAP',
  // 502
  'UPSTREAM_FAILED',
  'PAYMENT_PROVIDER_UNREACHABLE',
  'SMS_NOT_SENT',
  // 500
  'INTERNAL_ERROR',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * Codes of one field's problem in a VALIDATION_FAILED reply (`fields`, next to the English `errors`).
 * Bounds and the like travel in `params` (`count`, `values`, …).
 */
export const fieldErrorCodes = [
  'REQUIRED',
  'NOT_A_NUMBER',
  'NOT_AN_INTEGER',
  'NOT_TEXT',
  'NOT_AN_OBJECT',
  'WRONG_TYPE',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_SMALL',
  'NOT_GREATER',
  'TOO_BIG',
  'NOT_LESS',
  'INVALID_EMAIL',
  'INVALID_URL',
  'INVALID_FORMAT',
  'NOT_ONE_OF',
  'INVALID_VALUE',
  'UNKNOWN_FIELD',
  'TOO_MANY_DECIMALS',
  'TOO_LARGE',
  'NO_ACCOUNT',
  'OWN_ACCOUNT',
  'OVER_BALANCE',
  'OVER_TRANSFERABLE',
  'OVER_DAILY_LIMIT',
  'NOT_EXTENDABLE',
  'UNKNOWN_RENT_PERIOD',
  'SMS_TO_SELF',
  'SMS_COUNTRY_UNSUPPORTED',
  'WEBHOOK_URL_MISSING',
  'WEBHOOK_URL_REFUSED',
  'IDEMPOTENCY_KEY_MISSING',
] as const;
export const fieldErrorCodeSchema = z.enum(fieldErrorCodes);
export type FieldErrorCode = z.infer<typeof fieldErrorCodeSchema>;

/** Values for a message's variables: numbers and words (an ISO time, a country's name). */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

export const fieldIssueSchema = z.object({ code: fieldErrorCodeSchema, params: z.optional(errorParamsSchema) });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** A field's problem as the server holds it: the code for clients, and the English sentence of `errors`. */
export interface FieldProblem extends FieldIssue {
  message: string;
}

/** A field's problem in the shared wording; `message` only where a sentence says more than the code. */
export const fieldProblem = (code: FieldErrorCode, params?: ErrorParams, message?: string): FieldProblem => ({
  code,
  ...(params ? { params } : {}),
  message: message ?? fieldErrorText({ code, params }),
});

/**
 * Every 4xx/5xx body: a sentence for people, its `code` (and `params`), and, for bad input, the
 * problems per field twice: `errors` as English sentences, `fields` as codes (same order).
 */
export const errorReplySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  params: z.optional(errorParamsSchema),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  fields: z.optional(z.record(z.string(), z.array(fieldIssueSchema))),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The English sentence of a field's problem (the `errors` of a reply); one wording for API and web. */
export function fieldErrorText({ code, params = {} }: FieldIssue): string {
  const p = (name: string) => String(params[name] ?? '');
  switch (code) {
    case 'REQUIRED':
      return 'Required.';
    case 'NOT_A_NUMBER':
      return 'Must be a number.';
    case 'NOT_AN_INTEGER':
      return 'Must be an integer.';
    case 'NOT_TEXT':
      return 'Must be text.';
    case 'NOT_AN_OBJECT':
      return 'Must be an object.';
    case 'WRONG_TYPE':
      return `Must be of type ${p('expected')}.`;
    case 'TOO_SHORT':
      return `Must have at least ${p('count')} characters.`;
    case 'TOO_LONG':
      return `Must have up to ${p('count')} characters.`;
    case 'TOO_SMALL':
      return `Must be greater than or equal to ${p('count')}.`;
    case 'NOT_GREATER':
      return `Must be greater than ${p('count')}.`;
    case 'TOO_BIG':
      return `Must be less than or equal to ${p('count')}.`;
    case 'NOT_LESS':
      return `Must be less than ${p('count')}.`;
    case 'INVALID_EMAIL':
      return 'Invalid email.';
    case 'INVALID_URL':
      return 'Invalid url.';
    case 'INVALID_FORMAT':
      return 'Invalid format.';
    case 'NOT_ONE_OF':
      return `Must be one of ${p('values')}.`;
    case 'INVALID_VALUE':
      return 'Invalid value.';
    case 'UNKNOWN_FIELD':
      return 'Unknown field.';
    case 'TOO_MANY_DECIMALS':
      return 'Must have at most 2 decimals.';
    case 'TOO_LARGE':
      return 'Too large.';
    case 'NO_ACCOUNT':
      return 'No account uses this e-mail.';
    case 'OWN_ACCOUNT':
      return 'You cannot send money to yourself.';
    case 'OVER_BALANCE':
      return 'More than your balance.';
    case 'OVER_TRANSFERABLE':
      return `More than you can send now: card top-ups can be sent on ${p('hours')} hours after they land.`;
    case 'OVER_DAILY_LIMIT':
      return `Over the daily transfer limit of $${p('limit')} (it starts again at 00:00 UTC).`;
    case 'NOT_EXTENDABLE':
      return 'A temporary activation cannot be extended.';
    case 'UNKNOWN_RENT_PERIOD':
      return `Unknown rent period: ${p('rent_time_id')}.`;
    case 'SMS_TO_SELF':
      return 'A number cannot send an SMS to itself.';
    case 'SMS_COUNTRY_UNSUPPORTED':
      return `Start Chat sends SMS only to numbers in ${p('countries')}.`;
    case 'WEBHOOK_URL_MISSING':
      return 'Save a webhook URL first';
    case 'WEBHOOK_URL_REFUSED':
      return p('reason');
    case 'IDEMPOTENCY_KEY_MISSING':
      return 'Send a unique Idempotency-Key header (8 to 128 characters) with each payment or transfer.';
  }
}

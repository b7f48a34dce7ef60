import * as z from 'zod/mini';
import { fieldErrorCodes, type FieldErrorCode } from './error-codes';

export const fieldErrorCodeSchema = z.enum(fieldErrorCodes);

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
    case 'CONTROL_CHARACTERS':
      return 'Must not contain control characters.';
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
    case 'AGENT_URL_REFUSED':
      return `This URL cannot be an agent's address: ${p('reason')}.`;
    case 'IDEMPOTENCY_KEY_MISSING':
      return 'Send a unique Idempotency-Key header (8 to 128 characters) with each payment or transfer.';
    case 'ONE_DECIMAL':
      return 'Must have at most 1 decimal.';
    case 'UNKNOWN_COUNTRY':
      return 'No country has this id.';
    case 'UNKNOWN_SERVICE':
      return 'No service has this id.';
    case 'UPSTREAM_URL_REFUSED':
      return `This URL cannot be an upstream's address: ${p('reason')}.`;
    case 'UNKNOWN_SOURCE':
      return `No such source: ${p('source')}.`;
  }
}

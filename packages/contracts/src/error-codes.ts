// Plain lists, no zod: the web checks a reply's code against them on every page, zod or not.

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
  'OPERATORS_ONLY',
  'ACCOUNT_BLOCKED',
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
  'ORPHAN_SMS_NOT_FOUND',
  'SERVICE_NOT_FOUND',
  'DEVICE_NOT_FOUND',
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
  'NUMBER_ALREADY_RETIRED',
  'NUMBER_NOT_RETIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'HOLD_CHANGED',
  'TOO_MANY_API_KEYS',
  'SMS_RENTAL_ENDED',
  'ORPHAN_SMS_RESOLVED',
  'RENTAL_NOT_ON_NUMBER',
  'ALREADY_BLOCKED',
  'NOT_BLOCKED',
  'CANNOT_BLOCK_SELF',
  'RENTAL_ACTIVE',
  'RENTAL_REFUNDED',
  'REFUND_OVER_PAID',
  'COUNTRY_EXISTS',
  'SERVICE_EXISTS',
  'DEVICE_UNREGISTERED',
  'NUMBER_HOSTED_ELSEWHERE',
  'TOP_UP_NOT_IN_REVIEW',
  'TOP_UP_NOT_APPROVABLE',
  'CONTACT_MESSAGE_HANDLED',
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

export type ErrorCode = (typeof errorCodes)[number];
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

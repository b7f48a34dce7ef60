import type { ErrorCode, ErrorParams, FieldProblem } from '@numbernest/contracts';
import { formatDollars } from './pricing/money';

/**
 * Domain errors. They say what went wrong in business terms; the HTTP layer decides the status code.
 * Each carries one stable `code` (the contracts' `errorCodes`) and the `params` of its sentence, so a
 * client translates the code instead of reading the English `message`.
 */
export type FieldErrors = Record<string, FieldProblem[]>;

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    message: string,
    readonly code: ErrorCode,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** The thing asked for does not exist (or is not offered where it was asked for). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
}

/** The request is well formed but clashes with the current state (e.g. a number already taken). */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
}

/** The caller is known but may not do this yet (e.g. balance before the e-mail is verified). */
export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';
}

/** The input breaks a business rule; `fieldErrors` names the fields at fault. */
export class ValidationError extends DomainError {
  override name = 'ValidationError';
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
    code: ErrorCode = 'VALIDATION_FAILED',
    params?: ErrorParams,
  ) {
    super(message, code, params);
  }
}

/** A webhook whose signature (or merchant secret) does not check out: refused, nothing stored. */
export class SignatureError extends DomainError {
  override name = 'SignatureError';
  constructor(message: string) {
    super(message, 'SIGNATURE_INVALID');
  }
}

/** A debit larger than the balance; `shortfallCents` is what is missing. */
export class InsufficientFundsError extends DomainError {
  override name = 'InsufficientFundsError';
  constructor(
    message: string,
    readonly shortfallCents: number,
    params?: ErrorParams,
  ) {
    super(message, 'INSUFFICIENT_FUNDS', params);
  }
}

/** The refusal of a debit `shortCents` more than the balance, the same whether the ledger or a caller's early check refuses. */
export const notEnoughBalance = (balanceCents: number, shortCents: number) =>
  new InsufficientFundsError(`Not enough balance: $${formatDollars(balanceCents)} available`, shortCents, { balance: formatDollars(balanceCents) });

/** An outside service (a payment provider's API) failed or could not be reached: try again later. */
export class UpstreamError extends DomainError {
  override name = 'UpstreamError';
}

/** The caller's token was valid once but its session has ended (logout, password change, deletion). */
export class SessionEndedError extends DomainError {
  override name = 'SessionEndedError';
  constructor() {
    super('Your session has ended; sign in again', 'SESSION_ENDED');
  }
}

/** Too many requests from one source in a window; `retryAfterSeconds` is when the window ends. */
export class RateLimitedError extends DomainError {
  override name = 'RateLimitedError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'RATE_LIMITED',
    params?: ErrorParams,
  ) {
    super(message, code, params);
  }
}

import { ForbiddenError, NotFoundError } from '../../shared/errors';

/** The account was deleted; its tombstone is kept but it can no longer be used. */
export class AccountDeletedError extends NotFoundError {
  override name = 'AccountDeletedError';
  constructor() {
    super('This account has been deleted', 'ACCOUNT_DELETED');
  }
}

/** Balance and notifications need a verified e-mail. */
export class EmailNotVerifiedError extends ForbiddenError {
  override name = 'EmailNotVerifiedError';
  constructor() {
    super('Verify your e-mail first', 'EMAIL_NOT_VERIFIED');
  }
}

/** An operator blocked the account: every user route refuses it until it is unblocked. */
export class AccountBlockedError extends ForbiddenError {
  override name = 'AccountBlockedError';
  constructor() {
    super('This account has been blocked; contact support', 'ACCOUNT_BLOCKED');
  }
}

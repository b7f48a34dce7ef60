import { cardTransferHoldHours } from '@numbernest/contracts';
import { ForbiddenError, InsufficientFundsError } from '../../shared/errors';
import type { Cents } from '../../shared/pricing';

/** A card payment of this user was taken back: no customer debit until an operator releases the hold. */
export class AccountOnHoldError extends ForbiddenError {
  override name = 'AccountOnHoldError';
  constructor() {
    super(
      'Your account is on hold because a card payment was disputed or refunded. Our team will review it; until then you cannot spend or send money. Top-ups still work.',
      'ACCOUNT_ON_HOLD',
    );
  }
}

/** A transfer larger than what may be sent on now (`transferableCents`): the rest is card money of the last day. */
export class HeldFundsError extends InsufficientFundsError {
  override name = 'HeldFundsError';
  constructor(
    readonly transferableCents: Cents,
    shortfallCents: Cents,
  ) {
    // The transfer refusal names this as OVER_TRANSFERABLE; the web shows its own sentence for the code.
    super(`More than you can send now: card top-ups can be sent on ${cardTransferHoldHours} hours after they land.`, shortfallCents, {
      hours: cardTransferHoldHours,
    });
  }
}

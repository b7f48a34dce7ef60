import type { AccountHoldCause, ForwardingSettings, UserSettings } from '@numbernest/contracts';
import type { Cents } from '../../shared/pricing';

/** The user's profile item (money in cents). The API shape is `User` in @numbernest/contracts. */
export interface UserItem {
  /** Cognito `sub`: the user's id everywhere. */
  sub: string;
  email: string;
  /** ISO time the e-mail was seen verified; absent while it is not. */
  emailVerifiedAt?: string;
  /** Only ever changed together with a ledger entry, in one transaction (docs/decisions/0002-ledger-only-money-path.md). */
  balanceCents: Cents;
  /** How many ledger entries the user has: the balance changes only together with entry number ledgerSeq + 1. */
  ledgerSeq?: number;
  settings: UserSettings;
  /** Unread notifications; changed in the same transaction as the notification it counts. Absent: none. */
  unreadCount?: number;
  createdAt: string;
  /**
   * Epoch seconds after which none of the user's sockets can still be open (each $connect and ping
   * moves it to its socket's expiry): a change made later pushes to nobody, with no socket lookup.
   */
  socketsLiveUntil?: number;
  /** Set once the account is deleted: the item stays as a tombstone so the balance is never lost. */
  deletedAt?: string;
  /**
   * Epoch second from which tokens are accepted: a token whose session began earlier (logout,
   * global sign-out, password change or reset, deletion) is refused. See sessions.ts.
   */
  tokensValidAfter?: number;
  /**
   * Card credits the payer's bank can still take back, not transferable until `until` (ISO).
   * Written only with a ledger change (see ledger/apply.ts); expired ones are ignored, and dropped
   * at the next card credit.
   */
  transferHolds?: TransferHold[];
  /**
   * Set when a card payment was taken back (a dispute, or a refund that left money owed): every
   * customer debit is refused until an operator releases it (payment/holds.ts). Top-ups still work.
   */
  accountHold?: { since: string; reason: string; cause?: AccountHoldCause };
  /**
   * Set while an operator has blocked the account: every user route answers 403 ACCOUNT_BLOCKED and
   * the developer API refuses its keys; the balance and the rentals stay as they are.
   */
  blocked?: { since: string; reason: string; by: { sub: string; email: string } };
  /** Forward each SMS to these channels (forwarding/settings.ts); absent: none. */
  forwarding?: ForwardingSettings;
  /**
   * Made each time e-mail forwarding is turned on; the unsubscribe links of the e-mails carry it, so
   * a link works once (it turns forwarding off) and not after forwarding was turned on again.
   */
  forwardingEmailNonce?: string;
  /** Set while the account is an operator (ISO time it became one); /api/ops requires it as well as the Cognito group. */
  operatorSince?: string;
  /** Set while the account is a partner (ISO time it became one): it may plug SIM banks' agents in; every partner route requires it. */
  partnerSince?: string;
}

export interface TransferHold {
  until: string;
  cents: Cents;
}

/** Who is calling, as the token says (the HTTP layer maps id- and access-token claims to this). */
export interface Caller {
  sub: string;
  /** Cognito user name (for admin calls). */
  username: string;
  /** Only id tokens carry the e-mail and its verification. */
  email?: string;
  emailVerified?: boolean;
  /** When the token's session began (epoch seconds: `auth_time`, else `iat`); undefined if the token says neither. */
  authenticatedAt?: number;
}

/** What creating a user needs (the PostConfirmation trigger, or the first call of a new user). */
export interface NewUser {
  sub: string;
  email: string;
  emailVerifiedAt: string | null;
}

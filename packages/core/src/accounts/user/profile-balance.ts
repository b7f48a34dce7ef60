import type { AccountHoldCause } from '@numbernest/contracts';
import { txUpdate, type TransactPart } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import type { TransferHold } from './items';

/** One balance move of a profile, as the ledger (money/ledger/apply.ts, its only writer) decides it. */
export interface BalanceMove {
  sub: string;
  /** The balance just read: the move happens only from exactly it. */
  fromCents: number;
  toCents: number;
  /** The profile's new chain position; the one before it must still be there (none for the first). */
  seq: number;
  /** A debit that must leave the balance at least 0 and may not pass an account hold set meanwhile. */
  guardedDebitCents?: number;
  /** Else the move is refused on a deleted account. */
  allowDeletedAccount: boolean;
  /** Put the account on hold (kept if it is on hold already). */
  hold?: { since: string; reason: string; cause: AccountHoldCause };
  /** The whole list of transfer holds, replacing what was read. */
  transferHolds?: TransferHold[];
  /** A notification is stored with the move: counted as unread. */
  notified: boolean;
  onConditionFailed: () => Error;
}

/**
 * In the ledger's transaction: the profile's balance and chain position moved from the exact state
 * just read (docs/decisions/0002-ledger-only-money-path.md), so any write in between fails it.
 */
export const balanceMovePart = (move: BalanceMove): TransactPart =>
  txUpdate(
    userProfileItem,
    { sub: move.sub },
    {
      set: { balanceCents: move.toCents, ledgerSeq: move.seq, ...(move.transferHolds ? { transferHolds: move.transferHolds } : {}) },
      ...(move.hold ? { setIfUnset: { accountHold: move.hold } } : {}),
      ...(move.notified ? { add: { unreadCount: 1 } } : {}),
      when: {
        balanceCents: { equals: move.fromCents },
        ledgerSeq: move.seq === 1 ? { absent: true } : { equals: move.seq - 1 },
        ...(move.guardedDebitCents === undefined ? {} : { allOf: [{ balanceCents: { atLeast: move.guardedDebitCents }, accountHold: { absent: true } }] }),
        ...(move.allowDeletedAccount ? {} : { deletedAt: { absent: true } }),
      },
      onConditionFailed: move.onConditionFailed,
    },
  );

import type { LedgerKind } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import type { entryDescriptionSchema, ledgerEntrySchema } from '../../shared/db/items/ledger';
import type { OperatorRef } from '@numbernest/contracts/ops';
import type { NotificationContent, NotificationTopic } from '../../notifications';
import type { Cents } from '../../shared/pricing';

/** Words for an entry: a translation key and its values, so each language says it its own way. */
export type EntryDescription = z.infer<typeof entryDescriptionSchema>;

/** One balance change of one user. `balanceAfterCents` of entry n is the sum of entries 1..n. Declared by its item definition. */
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** One user's part of a balance change. */
export interface BalanceChange {
  sub: string;
  /** Signed cents; a debit is refused when it is larger than the balance. */
  amountCents: Cents;
  kind: LedgerKind;
  reference: string;
  description: EntryDescription;
  /**
   * A deleted account's balance is frozen, except for money that was already paid in and must not
   * be lost (a provider's late notification of a top-up): such credits set this.
   */
  allowDeletedAccount?: boolean;
  /**
   * Tells the user, in the same transaction (so a notification exists exactly when the money
   * moved), when their settings want this topic.
   */
  notify?: { topic: NotificationTopic; content: NotificationContent };
  /** A card credit: not transferable until this time (ISO), as the payer's bank may still take it back. */
  holdForTransfersUntil?: string;
  /** A transfer out: may not spend credits still held for transfers (refused with HeldFundsError). */
  spendsOnlyTransferable?: boolean;
  /** An operator's change: who made it and why (kept on the entry). */
  operator?: OperatorRef;
  reason?: string;
}

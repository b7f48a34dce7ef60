import type { PushEvent, LedgerKind } from '@numbernest/contracts';
import {
  cancellationReasons,
  failedPart,
  partRequests,
  putNew,
  readItem,
  requestPart,
  retryOnConflict,
  transactWrite,
  tryAgain,
  txPutNew,
  type TransactPart,
} from '../../shared/db';
import { ledgerEntryItem, ledgerKeyItem } from '../../shared/db/items/ledger';
import { ConflictError, NotFoundError, notEnoughBalance } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { newNotification, wantsNotification, notificationKeys, toNotification, mayHaveOpenSockets, publish } from '../../notifications';
import type { NotificationItem } from '../../notifications';
import { toDollars } from '../../shared/pricing';
import { AccountDeletedError, balanceMovePart, findUser } from '../../accounts';
import type { TransferHold, UserItem } from '../../accounts';
import { AccountOnHoldError, HeldFundsError } from './errors';
import type { BalanceChange, LedgerEntry } from './items';

export interface LedgerTransaction {
  /**
   * Names this balance change for good (`top-up:<id>`, `transfer:<sub>:<Idempotency-Key>`): a
   * second call with the same key changes nothing and answers the first call's entries.
   */
  idempotencyKey: string;
  /** One per user touched (at most one change per user). */
  changes: BalanceChange[];
  /** The business items (top-up, transfer, rental), written in the same transaction: each says what its own failed condition means. */
  parts?: (entries: LedgerEntry[]) => TransactPart[];
  /**
   * Profiles the caller has just read (strongly consistent), to save a read on the first try. The
   * transaction's conditions still guard them: if one changed meanwhile, the next try reads afresh.
   */
  knownProfiles?: UserItem[];
  /** Events to push with the balance once committed (e.g. the rental a purchase made), so each user's sockets are looked up once. */
  alsoPush?: (entries: LedgerEntry[]) => Array<{ sub: string; event: PushEvent }>;
  /**
   * A courtesy effect of a committed change (a stats counter), started once committed and not
   * awaited by the reply; not on a replay. It must never throw: the money has moved already.
   */
  afterCommit?: (entries: LedgerEntry[]) => Promise<void>;
}

export interface LedgerResult {
  entries: LedgerEntry[];
  /** True when the key had been used already: nothing changed now. */
  replayed: boolean;
}

/** Profiles change under concurrent writers; each lost race is retried on fresh balances. */
const maxAttempts = 60;

/**
 * THE way a balance changes (docs/decisions/0002-ledger-only-money-path.md): one TransactWriteItems holding, for each user, the
 * profile update (conditioned on the balance and chain position just read, so it never goes
 * negative and never skips an entry), the ledger entry (put only if its place is free), the
 * idempotency key (put only if new), the business items and any notification. So balance == sum(entries) always,
 * each key moves money once, and a lost race is simply retried on the new balance.
 */
export async function applyLedgerTransaction(transaction: LedgerTransaction): Promise<LedgerResult> {
  if (transaction.changes.some((change) => cardReversalKinds.has(change.kind))) throw new Error('A card reversal goes through applyCardReversal');
  return apply(transaction);
}

/**
 * Card money taken back (a dispute, a refund to the card): the kinds only this function writes.
 * One debit of one user.
 */
export interface CardReversal extends Omit<LedgerTransaction, 'changes' | 'knownProfiles'> {
  change: BalanceChange & { kind: 'chargeback' | 'card-refund' };
  /** Put the account on hold always (a dispute), or only when the debit leaves money owed (a refund). */
  hold: 'always' | 'if-owed';
  /** Why, for the operator (kept on the profile's `accountHold`). */
  holdReason: string;
}

const cardReversalKinds: ReadonlySet<LedgerKind> = new Set(['chargeback', 'card-refund']);

/**
 * THE ONLY balance change that may leave a balance below zero: the payer's bank or a refund took
 * card money back after it was spent or sent on, and the user now owes it. It is written even on
 * a held or deleted account, and puts the account on hold (`accountHold` on the profile, set in
 * the same update), which every other debit's condition refuses. applyLedgerTransaction refuses
 * these kinds, so no purchase, transfer or other debit can reach this allowance.
 */
export async function applyCardReversal({ change, hold, holdReason, ...rest }: CardReversal): Promise<LedgerResult> {
  if (!cardReversalKinds.has(change.kind) || change.amountCents >= 0) throw new Error('A card reversal is one debit of kind chargeback or card-refund');
  return apply({ ...rest, changes: [{ ...change, allowDeletedAccount: true }] }, { hold, reason: holdReason, cause: change.kind });
}

/** What a card reversal does beyond an ordinary debit (absent: an ordinary transaction). */
interface ReversalMode {
  hold: CardReversal['hold'];
  reason: string;
  cause: CardReversal['change']['kind'];
}

async function apply(transaction: LedgerTransaction, reversal?: ReversalMode): Promise<LedgerResult> {
  const subs = transaction.changes.map((c) => c.sub);
  if (new Set(subs).size !== subs.length || subs.length === 0) throw new Error('A ledger transaction changes each user at most once');

  const known = transaction.knownProfiles?.length === subs.length ? new Map(transaction.knownProfiles.map((p) => [p.sub, p])) : undefined;
  return retryOnConflict(
    async (attempt) => {
      // First try with known profiles: no reads; a used key then shows as the key put's failed condition.
      const optimistic = attempt === 1 && known !== undefined;
      const [earlier, profiles] = optimistic ? [undefined, known] : await Promise.all([findEntriesOfKey(transaction.idempotencyKey), readProfiles(subs)]);
      if (earlier) return { entries: earlier, replayed: true };

      const now = new Date().toISOString();
      let entries: LedgerEntry[];
      try {
        entries = transaction.changes.map((change) => nextEntry(change, profiles.get(change.sub), now, reversal !== undefined));
      } catch (error) {
        if (optimistic) return tryAgain; // refuse only on a fresh read, after checking the key was not used already
        throw error;
      }
      const notifications = transaction.changes.map((change) => notificationFor(change, profiles.get(change.sub)!));
      const profileMoves = transaction.changes.map((change, i) =>
        balanceMove(change, profiles.get(change.sub)!, entries[i]!, Boolean(notifications[i]), reversal),
      );
      const entryPuts = entries.map((entry) => txPutNew(ledgerEntryItem, entry, () => new LostRace()));
      // First: a used key answers the first call's entries, whatever else failed with it.
      const keyPut = txPutNew(ledgerKeyItem, { idempotencyKey: transaction.idempotencyKey, entries, createdAt: now }, () => new KeyUsed());
      const notificationPuts = notifications.flatMap((n, i) =>
        // The notifications context's item, stored here because its unread count moves in the same profile update.
        n ? [requestPart(putNew({ ...notificationKeys.item(transaction.changes[i]!.sub, n.id), ...n }), () => new LostRace())] : [],
      );
      const parts = [keyPut, ...profileMoves, ...entryPuts, ...notificationPuts, ...(transaction.parts?.(entries) ?? [])];

      try {
        await transactWrite(partRequests(parts));
      } catch (error) {
        const failure = failedPart(error, parts, 0);
        if (failure instanceof KeyUsed) {
          // Used meanwhile: answer what it did (a replay is never refused for want of rounds).
          const used = await findEntriesOfKey(transaction.idempotencyKey);
          return used ? { entries: used, replayed: true } : tryAgain;
        }
        if (failure) throw failure;
        if (cancellationReasons(error).length === 0) throw error;
        throw new LostRace(); // only collisions with other transactions, which transactWrite did not outlast
      }
      // A courtesy effect does not hold up the reply: it never throws, and a count it misses is
      // recounted (docs/decisions/0027-after-commit-effects.md).
      void transaction.afterCommit?.(entries);
      // Push only after the commit (a replay changed nothing, so it pushes nothing); publish never throws.
      await pushCommitted(entries, notifications, transaction.alsoPush?.(entries) ?? [], profiles);
      return { entries, replayed: false };
    },
    {
      attempts: maxAttempts,
      // Lost a race on a balance (or a conflict): back off a little, with jitter, and read again.
      retryOn: (error) => error instanceof LostRace,
      pauseMs: (attempt) => Math.random() * Math.min(10 * attempt, 200),
      exhausted: () => {
        throw new ConflictError('The balance is changing too fast; try again', 'BALANCE_BUSY');
      },
    },
  );
}

/** A balance (or chain position) read for a change moved before it was written. */
class LostRace extends Error {}

/** The idempotency key's put found the key used. */
class KeyUsed extends Error {}

/**
 * Each changed user's open tabs get the new balance, the notification stored with the change, and
 * any other event. A user whose profile (read for this change) says no socket can be open is
 * skipped without a lookup: most purchases through the developer API have no tab to tell.
 */
async function pushCommitted(
  entries: LedgerEntry[],
  notifications: (NotificationItem | undefined)[],
  others: Array<{ sub: string; event: PushEvent }>,
  profiles: Map<string, UserItem>,
): Promise<void> {
  const bySub = new Map<string, PushEvent[]>();
  const add = (sub: string, event: PushEvent) => bySub.set(sub, [...(bySub.get(sub) ?? []), event]);
  entries.forEach((entry, i) => {
    add(entry.sub, { type: 'balance', balance: toDollars(entry.balanceAfterCents) });
    const notification = notifications[i];
    if (notification) add(entry.sub, { type: 'notification', notification: toNotification(notification) });
  });
  for (const { sub, event } of others) add(sub, event);
  const listening = [...bySub].filter(([sub]) => {
    const profile = profiles.get(sub);
    return !profile || mayHaveOpenSockets(profile);
  });
  await Promise.all(listening.map(([sub, events]) => publish(sub, events)));
}

/** The entries a key already produced, if it was used (strongly consistent). */
export async function findEntriesOfKey(idempotencyKey: string): Promise<LedgerEntry[] | undefined> {
  return (await readItem(ledgerKeyItem, { idempotencyKey }, { consistent: true }))?.entries;
}

/** Each profile as the accounts door reads it (strongly consistent), all at once. */
async function readProfiles(subs: string[]): Promise<Map<string, UserItem>> {
  const found = await Promise.all(subs.map((sub) => findUser(sub)));
  return new Map(found.flatMap((profile) => (profile ? [[profile.sub, profile] as const] : [])));
}

function nextEntry(change: BalanceChange, profile: UserItem | undefined, createdAt: string, reversal: boolean): LedgerEntry {
  if (!profile) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  if (profile.deletedAt && !change.allowDeletedAccount) throw new AccountDeletedError();
  const balanceAfterCents = profile.balanceCents + change.amountCents;
  if (change.amountCents < 0 && !reversal) {
    if (profile.accountHold) throw new AccountOnHoldError();
    if (balanceAfterCents < 0) throw notEnoughBalance(profile.balanceCents, -balanceAfterCents);
    const held = change.spendsOnlyTransferable ? heldForTransfers(profile, Date.parse(createdAt)) : 0;
    if (balanceAfterCents < held) throw new HeldFundsError(Math.max(0, profile.balanceCents - held), held - balanceAfterCents);
  }
  return {
    sub: change.sub,
    seq: (profile.ledgerSeq ?? 0) + 1,
    id: timeSortableId(),
    kind: change.kind,
    amountCents: change.amountCents,
    balanceAfterCents,
    reference: change.reference,
    description: change.description,
    createdAt,
    ...(change.operator ? { operator: change.operator } : {}),
    ...(change.reason ? { reason: change.reason } : {}),
  };
}

/** The notification to store with this change, when the user's settings want it. */
function notificationFor(change: BalanceChange, profile: UserItem): NotificationItem | undefined {
  return change.notify && wantsNotification(profile, change.notify.topic) ? newNotification(change.notify.content) : undefined;
}

/**
 * The balance moves only from the exact state just read: any write in between makes this fail and
 * retry. A notification stored with the change is counted here too (the unread counter).
 */
function balanceMove(change: BalanceChange, profile: UserItem, entry: LedgerEntry, notified: boolean, reversal?: ReversalMode): TransactPart {
  const now = Date.parse(entry.createdAt);
  return balanceMovePart({
    sub: change.sub,
    fromCents: profile.balanceCents,
    toCents: entry.balanceAfterCents,
    seq: entry.seq,
    // Every debit but a card reversal: never below zero, and never while the account is on hold (a
    // condition, so a hold set meanwhile cannot race past it).
    ...(change.amountCents < 0 && !reversal ? { guardedDebitCents: -change.amountCents } : {}),
    allowDeletedAccount: change.allowDeletedAccount === true,
    // The cause tells the customer why in their own language; the reason is the operator's detail.
    ...(reversal && (reversal.hold === 'always' || entry.balanceAfterCents < 0)
      ? { hold: { since: entry.createdAt, reason: reversal.reason, cause: reversal.cause } }
      : {}),
    // The whole list from the state just read (pinned by the conditions): expired holds dropped.
    ...(change.holdForTransfersUntil
      ? { transferHolds: [...liveHolds(profile, now), { until: change.holdForTransfersUntil, cents: change.amountCents } satisfies TransferHold] }
      : {}),
    notified,
    onConditionFailed: () => new LostRace(),
  });
}

const liveHolds = (profile: UserItem, now: number) => (profile.transferHolds ?? []).filter((hold) => Date.parse(hold.until) > now);

/** Card credits not yet transferable at `now` (cents). */
export const heldForTransfers = (profile: UserItem, now = Date.now()): number => liveHolds(profile, now).reduce((sum, hold) => sum + hold.cents, 0);

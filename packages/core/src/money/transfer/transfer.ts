import { cardTransferHoldHours, dailyTransferLimitDollars, fieldProblem } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import { readItem, txPutNew, txUpdate, type TransactPart } from '../../shared/db';
import { transferDayItem, transferItem } from '../../shared/db/items/money';
import { ConflictError, InsufficientFundsError, ValidationError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { applyLedgerTransaction, heldForTransfers } from '../ledger/apply';
import { HeldFundsError } from '../ledger/errors';
import type { LedgerEntry } from '../ledger/items';
import { formatDollars, toCents, type Cents } from '../../shared/pricing';
import type { UserItem } from '../../accounts';
import { findUser, subOfEmailPointer } from '../../accounts';
import { utcDay } from '../../shared/utc-day';

/** A transfer, kept in the sender's partition (the item: shared/db/items/money.ts). */
export type TransferItem = z.infer<typeof transferItem.schema>;

/** For readers in other contexts; the keys are the item types'. */
export const transferKeys = {
  item: (fromSub: string, id: string) => transferItem.key({ fromSub, id }),
  /** What the sender sent on one UTC day (`sentCents`, TTL `expiresAt`). */
  day: (fromSub: string, day: string) => transferDayItem.key({ sub: fromSub, day }),
};

export const dailyTransferLimitCents = toCents(dailyTransferLimitDollars);

/** Cents already sent on the UTC day of `now`. */
async function sentOn(sub: string, now: number): Promise<Cents> {
  return (await readItem(transferDayItem, { sub, day: utcDay(now) }, { consistent: true }))?.sentCents ?? 0;
}

/**
 * The day's counter, in the transfer's own transaction: it may only grow to the limit, so
 * concurrent transfers cannot together pass it.
 */
function countTowardsDay(sub: string, amountCents: Cents, now: number): TransactPart {
  return txUpdate(
    transferDayItem,
    { sub, day: utcDay(now) },
    {
      add: { sentCents: amountCents },
      expiresAt: Math.floor(now / 1000) + 3 * 86_400,
      when: { anyOf: [{ sentCents: { absent: true } }, { sentCents: { atMost: dailyTransferLimitCents - amountCents } }] },
      ifExists: false,
      onConditionFailed: overDailyLimit,
    },
  );
}

/** What is left today is on the transfer page (GET /user/transfers/allowance); the web reads this wording back into its languages. */
const overDailyLimit = () => new ValidationError('Invalid request', { amount: [fieldProblem('OVER_DAILY_LIMIT', { limit: dailyTransferLimitDollars })] });

export interface TransferAllowance {
  balanceCents: Cents;
  heldCents: Cents;
  transferableCents: Cents;
  dailyLimitCents: Cents;
  sentTodayCents: Cents;
  leftTodayCents: Cents;
  onHold: boolean;
}

/**
 * What the user may send now: the balance less card top-ups still held (clamped at 0), within what
 * is left of the day's limit; nothing while the account is on hold.
 */
export async function transferAllowance(user: UserItem, now = Date.now()): Promise<TransferAllowance> {
  const sentTodayCents = await sentOn(user.sub, now);
  const heldCents = Math.min(heldForTransfers(user, now), Math.max(0, user.balanceCents));
  const leftTodayCents = Math.max(0, dailyTransferLimitCents - sentTodayCents);
  const onHold = Boolean(user.accountHold);
  return {
    balanceCents: user.balanceCents,
    heldCents,
    transferableCents: onHold ? 0 : Math.min(Math.max(0, user.balanceCents - heldCents), leftTodayCents),
    dailyLimitCents: dailyTransferLimitCents,
    sentTodayCents,
    leftTodayCents,
    onHold,
  };
}

export interface TransferInput {
  /**
   * The sender's profile, or how to read it (checks included): then it is read while the
   * recipient's address is looked up, one round trip instead of two.
   */
  sender: UserItem | (() => Promise<UserItem>);
  email: string;
  amountCents: Cents;
  note?: string;
  /** The client's Idempotency-Key: the same key again moves the money once and answers the same transfer. */
  idempotencyKey: string;
}

/**
 * Moves money from the sender to the account holding `email`: one ledger transaction with the
 * debit, the credit, both entries and the transfer item. Refusals are field errors the form can
 * show (unknown or deleted recipient, yourself, more than the balance).
 */
export async function transferBalance(input: TransferInput): Promise<{ transfer: TransferItem; balanceCents: Cents }> {
  const { amountCents } = input;
  // Both reads at once; the sender's refusals (signed out, unverified, blocked) still come first.
  const [senderRead, recipientRead] = await Promise.allSettled([
    typeof input.sender === 'function' ? input.sender() : input.sender,
    amountCents > dailyTransferLimitCents ? undefined : findRecipient(input.email),
  ]);
  if (senderRead.status === 'rejected') throw senderRead.reason;
  const sender = senderRead.value;
  if (amountCents > dailyTransferLimitCents) throw overDailyLimit();
  if (recipientRead.status === 'rejected') throw recipientRead.reason;
  const recipient = recipientRead.value;
  if (!recipient) throw new ValidationError('Invalid request', { email: [fieldProblem('NO_ACCOUNT')] });
  if (recipient.sub === sender.sub) throw new ValidationError('Invalid request', { email: [fieldProblem('OWN_ACCOUNT')] });

  const transfer: TransferItem = {
    id: timeSortableId(),
    fromSub: sender.sub,
    fromEmail: sender.email,
    toSub: recipient.sub,
    toEmail: recipient.email,
    amountCents,
    ...(input.note ? { note: input.note } : {}),
    createdAt: new Date().toISOString(),
  };
  const note: Record<string, string> = input.note ? { note: input.note } : {};
  const amount = formatDollars(amountCents);
  let result;
  try {
    result = await applyLedgerTransaction({
      idempotencyKey: `transfer:${sender.sub}:${input.idempotencyKey}`,
      changes: [
        {
          sub: sender.sub,
          amountCents: -amountCents,
          kind: 'transfer-out',
          reference: transfer.id,
          description: { key: 'transferOut', params: { email: recipient.email, ...note } },
          spendsOnlyTransferable: true,
        },
        {
          sub: recipient.sub,
          amountCents,
          kind: 'transfer-in',
          reference: transfer.id,
          description: { key: 'transferIn', params: { email: sender.email, ...note } },
          notify: {
            topic: 'balance',
            content: {
              kind: 'transfer',
              title: 'Money received',
              message: `${sender.email} sent you $${amount}${input.note ? `: ${input.note}` : '.'}`,
              key: 'transferIn',
              params: { amount, email: sender.email, ...note },
            },
          },
        },
      ],
      parts: () => [
        txPutNew(transferItem, transfer, () => new ConflictError('This transfer clashes with the current state', 'CONFLICT')),
        countTowardsDay(sender.sub, amountCents, Date.parse(transfer.createdAt)),
      ],
      knownProfiles: [sender, recipient],
    });
  } catch (error) {
    if (error instanceof HeldFundsError)
      throw new ValidationError('Invalid request', { amount: [fieldProblem('OVER_TRANSFERABLE', { hours: cardTransferHoldHours }, error.message)] });
    if (!(error instanceof InsufficientFundsError)) throw error;
    throw new ValidationError('Invalid request', { amount: [fieldProblem('OVER_BALANCE')] });
  }
  const [senderEntry] = result.entries as [LedgerEntry, LedgerEntry];
  if (result.replayed) return replayOf(sender.sub, input.amountCents, recipient, senderEntry);
  return { transfer, balanceCents: senderEntry.balanceAfterCents };
}

/** The account each address last pointed to, in this process (at most `rememberedAddresses`): the guess read alongside the pointer. */
const lastHolders = new Map<string, string>();
const rememberedAddresses = 1000;

/**
 * The live account holding `email`. The pointer is always read; the profile of the account it
 * pointed to last time is read at the same time, so a repeated recipient costs one round trip, not
 * two. A wrong guess (the address moved to a newer account) only costs a wasted read.
 */
async function findRecipient(email: string): Promise<UserItem | undefined> {
  const address = email.trim().toLowerCase();
  const guess = lastHolders.get(address);
  const [sub, guessed] = await Promise.all([subOfEmailPointer(address), guess === undefined ? undefined : findUser(guess)]);
  if (sub === undefined) return undefined;
  lastHolders.delete(address);
  lastHolders.set(address, sub);
  if (lastHolders.size > rememberedAddresses) lastHolders.delete(lastHolders.keys().next().value!);
  const user = sub === guess ? guessed : await findUser(sub);
  return user && !user.deletedAt ? user : undefined;
}

/** The first transfer made with this key; a different request under the same key is a client bug (409). */
async function replayOf(senderSub: string, amountCents: Cents, recipient: UserItem, senderEntry: LedgerEntry) {
  const transfer = await readItem(transferItem, { fromSub: senderSub, id: senderEntry.reference }, { consistent: true });
  // Written in the transaction that used the key, so it is there.
  if (!transfer) throw new Error(`The transfer ${senderEntry.reference} of a used key is missing`);
  if (transfer.toSub !== recipient.sub || transfer.amountCents !== amountCents) {
    throw new ConflictError('This Idempotency-Key was already used for a different transfer', 'IDEMPOTENCY_KEY_REUSED');
  }
  return { transfer, balanceCents: senderEntry.balanceAfterCents };
}

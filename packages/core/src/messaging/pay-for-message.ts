/**
 * Paying for an outgoing SMS (the first half of Start Chat): the checks, then one ledger transaction
 * that debits the price, writes the `sending` record and counts it on the rental and the day's caps.
 */
import { fieldProblem, type SendMessageRequest } from '@numbernest/contracts';
import { readItem, txPutNew } from '../shared/db/item';
import { messageItem } from '../shared/db/items/messages';
import { ConflictError, UpstreamError, ValidationError } from '../shared/errors';
import { timeSortableId } from '../shared/ids';
import { applyLedgerTransaction, findEntriesOfKey } from '../money';
import type { LedgerEntry } from '../money';
import type { Cents } from '../shared/pricing';
import type { RentalItem } from '../rentals';
import { countSendPart, getRentalOf, sendsSms } from '../rentals';
import type { UserItem } from '../accounts';
import { countSentToday } from './daily-sms-caps';
import type { MessageItem } from './items';
import { quoteProblems, quoteSms } from '../shared/sms-tariff';
import { unsentRefundAfterMs } from './time-limits';
import { unsentQueue } from './unsent-sweep';

export interface SendFromRentalInput {
  /** The sender's profile, just read (consistent): saves the ledger a read. */
  user: UserItem;
  rentalId: string;
  /** Validated by `sendMessageRequestSchema` (so trimmed): the text counted is the text sent. */
  request: SendMessageRequest;
  /** The client's Idempotency-Key: the same key again sends and debits once, and answers the same. */
  idempotencyKey: string;
  now?: Date;
}

export interface SendFromRentalResult {
  message: MessageItem;
  /** The balance right after the debit. */
  balanceCents: Cents;
}

/**
 * The first half of Start Chat: checks, then the debit with the `sending` record, in one ledger
 * transaction (or the first call's answer for a used key). Nothing has left yet when it returns.
 */
export async function payForMessage({
  user,
  rentalId,
  request,
  idempotencyKey,
  now = new Date(),
}: SendFromRentalInput): Promise<{ replay: SendFromRentalResult } | { rental: RentalItem; message: MessageItem; entry: LedgerEntry }> {
  const key = `sms:${user.sub}:${idempotencyKey}`;
  // The key first: a replay answers what the first call did, even if the rental has ended since.
  const [earlier, rental] = await Promise.all([findEntriesOfKey(key), getRentalOf(user.sub, rentalId)]);
  if (earlier) return { replay: await answerReplay(user.sub, rentalId, request, earlier[0]!.reference, earlier[0]!.balanceAfterCents) };

  if (!sendsSms(rental)) {
    throw new ValidationError('Only a Private number can send SMS: Shared and Temporary numbers only receive them.', {}, 'SMS_PRIVATE_ONLY');
  }
  if (rental.status !== 'active' || Date.parse(rental.expiresAt) <= now.getTime()) {
    throw new ConflictError('This rental has ended, so its number can no longer send SMS.', 'SMS_RENTAL_ENDED');
  }
  if (request.to === rental.e164) throw new ValidationError('Invalid request', { to: [fieldProblem('SMS_TO_SELF')] });
  // The destination's price and the per-message cap, by the function the web prices with.
  const quote = quoteSms(request.to, request.body);
  const problems = quoteProblems(quote);
  if (problems || quote.priceCents === null) throw new ValidationError('Invalid request', problems);

  const segments = quote.segments.segments;
  const priceCents = quote.priceCents;
  const createdAt = now.toISOString();
  const message: MessageItem = {
    id: timeSortableId(now.getTime()),
    rentalId: rental.id,
    box: 'sent',
    from: rental.e164,
    to: request.to,
    body: request.body,
    code: null,
    createdAt,
    provider: 'twilio',
    priceCents,
    segments,
    status: 'sending',
  };

  const { entries, replayed } = await applyLedgerTransaction({
    idempotencyKey: key,
    changes: [
      {
        sub: user.sub,
        amountCents: -priceCents,
        kind: 'sms-out',
        reference: message.id,
        description: { key: 'smsOut', params: { number: rental.e164, to: request.to } },
      },
    ],
    parts: () => [
      txPutNew(
        messageItem,
        { ...message, sub: user.sub, dueQueue: unsentQueue, dueAt: new Date(now.getTime() + unsentRefundAfterMs).toISOString() },
        rentalEnded,
      ),
      // Sending uses the rental (it is no longer refunded on close), so it is counted on it here.
      countSendPart(user.sub, rental.id, createdAt, rentalEnded),
      countSentToday(user.sub, now, request.to, segments),
    ],
    knownProfiles: [user],
  });
  const entry = entries[0]!;
  // Two requests with one key at once: the other one debited; answer what it did.
  if (replayed) return { replay: await answerReplay(user.sub, rentalId, request, entry.reference, entry.balanceAfterCents) };
  return { rental: { ...rental, sentCount: (rental.sentCount ?? 0) + 1 }, message, entry };
}

/** The record's or the rental's count's failed condition: the rental ended meanwhile. */
const rentalEnded = () => new ConflictError('This rental has ended, so its number can no longer send SMS.', 'SMS_RENTAL_ENDED');

/** The first call's message for a key used before: the same request gets the same answer, anything else a 409. */
export async function answerReplay(
  sub: string,
  rentalId: string,
  request: SendMessageRequest,
  messageId: string,
  balanceCents: Cents,
): Promise<SendFromRentalResult> {
  const first = await readItem(messageItem, { sub, id: messageId }, { consistent: true });
  if (!first) throw new ConflictError('This Idempotency-Key was already used', 'IDEMPOTENCY_KEY_REUSED');
  if (first.rentalId !== rentalId || first.to !== request.to || first.body !== request.body) {
    throw new ConflictError('This Idempotency-Key was already used for a different message', 'IDEMPOTENCY_KEY_REUSED');
  }
  if (first.status === 'failed') throw new UpstreamError(first.failure ?? 'The SMS was not sent; its price went back to your balance.', 'SMS_NOT_SENT');
  return { message: first, balanceCents };
}

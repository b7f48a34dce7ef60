import { NumberType, smsSegmentPriceCents, type SendMessageRequest } from '@numbernest/contracts';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryDue, tableName, withoutKeys, type TransactItem } from '../db';
import { ConflictError, UpstreamError, ValidationError } from '../errors';
import { timeSortableId } from '../ids';
import { applyLedgerTransaction, findEntriesOfKey } from '../ledger/apply';
import type { LedgerEntry } from '../ledger/items';
import { log as logger } from '../log';
import { formatDollars, type Cents } from '../pricing';
import { publish } from '../realtime/publish';
import type { RentalItem } from '../rental/items';
import { rentalKeys } from '../rental/keys';
import { getRentalOf } from '../rental/purchase';
import { toRental } from '../rental/shape';
import type { UserItem } from '../user/items';
import { subOfPartition } from '../user/keys';
import type { MessageItem } from './items';
import { messageKeys } from './keys';
import { countSegments } from './segments';
import { smsSecret, smsSetting } from './settings';
import { sendTwilioSms, type TwilioSendResult } from './twilio-send';

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

/** One JSON line per outbound SMS, for operators: where it went and what became of it (never the text). */
function log(level: 'info' | 'warn' | 'error', fields: Record<string, unknown>) {
  logger[level]('outbound sms', fields);
}

/** The due-work queue of Sent records still `sending` (pk USER#<sub>, sk MESSAGE#<id> in index dueByTime). */
export const unsentQueue = 'SMS_UNSENT';
/** A request lives at most its Lambda's 10 s; a record still `sending` this long after never gets an answer. */
export const unsentRefundAfterMs = 5 * 60_000;
/** The record leaves the due-work index once it is sent or failed. */
const leaveDueIndex = ' REMOVE dueQueue, dueAt';

const putNew = (Item: Record<string, unknown>): TransactItem => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } });

/**
 * The first half of Start Chat: checks, then the debit with the `sending` record, in one ledger
 * transaction (or the first call's answer for a used key). Nothing has left yet when it returns.
 */
export async function payForMessage({ user, rentalId, request, idempotencyKey, now = new Date() }: SendFromRentalInput): Promise<
  { replay: SendFromRentalResult } | { rental: RentalItem; message: MessageItem; entry: LedgerEntry }
> {
  const key = `sms:${user.sub}:${idempotencyKey}`;
  // The key first: a replay answers what the first call did, even if the rental has ended since.
  const [earlier, rental] = await Promise.all([findEntriesOfKey(key), getRentalOf(user.sub, rentalId)]);
  if (earlier) return { replay: await answerReplay(user.sub, rentalId, request, earlier[0]!.reference, earlier[0]!.balanceAfterCents) };

  if (rental.typeId !== NumberType.Private) {
    throw new ValidationError('Only a Private number can send SMS: Shared and Temporary numbers only receive them.');
  }
  if (rental.status !== 'active' || Date.parse(rental.expiresAt) <= now.getTime()) {
    throw new ConflictError('This rental has ended, so its number can no longer send SMS.');
  }
  if (request.to === rental.e164) throw new ValidationError('Invalid request', { to: ['A number cannot send an SMS to itself.'] });

  const { segments } = countSegments(request.body);
  const priceCents = segments * smsSegmentPriceCents;
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
    items: () => [
      putNew({ ...messageKeys.item(user.sub, message.id), ...message, dueQueue: unsentQueue, dueAt: new Date(now.getTime() + unsentRefundAfterMs).toISOString() }),
      {
        // Sending uses the rental (it is no longer refunded on close), so it is counted on it here.
        Update: {
          TableName: tableName(),
          Key: rentalKeys.item(user.sub, rental.id),
          UpdateExpression: 'ADD sentCount :one',
          ConditionExpression: '#status = :active AND expiresAt > :now AND typeId = :private',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'active', ':now': createdAt, ':private': NumberType.Private, ':one': 1 },
        },
      },
    ],
    onItemConditionFailed: () => new ConflictError('This rental has ended, so its number can no longer send SMS.'),
    knownProfiles: [user],
  });
  const entry = entries[0]!;
  // Two requests with one key at once: the other one debited; answer what it did.
  if (replayed) return { replay: await answerReplay(user.sub, rentalId, request, entry.reference, entry.balanceAfterCents) };
  return { rental: { ...rental, sentCount: (rental.sentCount ?? 0) + 1 }, message, entry };

}

/**
 * Start Chat: an SMS from the caller's active Private number, paid per segment from the balance.
 *
 * The order is debit, then send, then (only if the upstream did not take it) refund:
 * - The debit is ONE ledger transaction with the Sent record (status `sending`) and a check that
 *   the rental is still an active Private one. So the balance is checked and taken atomically
 *   before anything leaves: a short balance (402) sends nothing, and the idempotency key is the
 *   one gate that lets a message through, so a retried or doubled request never sends twice.
 * - Sending first and debiting after could not be undone: an SMS cannot be called back, and the
 *   debit may then fail (the balance spent meanwhile by another tab), leaving it sent unpaid.
 *   Money, unlike an SMS, can be given back exactly.
 * - So when Twilio refuses it or cannot be reached, the price goes back (a `refund` entry, key
 *   `sms-refund:<message id>`, so at most once) in the same transaction that marks the record
 *   `failed`, and the caller gets a 502 saying so. A timeout counts as not sent: should Twilio
 *   have taken it after all, the sender is not charged for it (we err on their side).
 * - The process dying between the debit and Twilio's answer leaves the record `sending`: it sits
 *   in the due-work index until `refundUnsentMessages` (the every-minute rental job) gives the
 *   price back after `unsentRefundAfterMs`, long after any request could still be running.
 */
export async function sendFromRental({ user, rentalId, request, idempotencyKey, now = new Date() }: SendFromRentalInput): Promise<SendFromRentalResult> {
  const paid = await payForMessage({ user, rentalId, request, idempotencyKey, now });
  if ('replay' in paid) return paid.replay;
  const { rental, message, entry } = paid;
  const result = await sendUpstream(message);
  if (result.ok) {
    const sent: MessageItem = { ...message, status: 'sent', providerMessageId: result.sid, sentAt: new Date().toISOString() };
    await markSent(user.sub, sent);
    log('info', { outcome: 'sent', sub: user.sub, rentalId: rental.id, messageId: message.id, sid: result.sid, to: message.to, segments: message.segments, priceCents: message.priceCents });
    await pushRental(rental);
    return { message: sent, balanceCents: entry.balanceAfterCents };
  }

  const failure = failureText(result, message.priceCents!);
  log('warn', { outcome: 'failed', sub: user.sub, rentalId: rental.id, messageId: message.id, to: message.to, kind: result.kind, httpStatus: result.httpStatus, code: result.code, reason: result.message });
  await refundFailed(user.sub, rental, message, failure);
  await pushRental(rental);
  throw new UpstreamError(failure);
}

/** What the sender is told when it did not go: why, and that the money came back. */
function failureText(result: Extract<TwilioSendResult, { ok: false }> | { kind: 'no answer' }, priceCents: Cents): string {
  const back = `The $${formatDollars(priceCents)} went back to your balance.`;
  if (result.kind === 'no answer') return `The SMS was not sent: the SMS provider did not answer. ${back}`;
  return result.kind === 'refused'
    ? `The SMS was not sent: the SMS provider refused it (${result.message.replace(/\.$/, '')}). ${back}`
    : `The SMS was not sent: the SMS provider could not be reached. ${back} Try again in a moment.`;
}

/** Twilio with this stage's account; a missing setting counts as unreachable (and is logged as the deploy mistake it is). */
async function sendUpstream(message: MessageItem): Promise<TwilioSendResult> {
  let account;
  try {
    account = { apiUrl: smsSetting('TwilioApiUrl'), accountSid: smsSetting('TwilioAccountSid'), authToken: smsSecret('TwilioAuthToken') };
  } catch (error) {
    log('error', { outcome: 'not configured', messageId: message.id, error: String(error) });
    return { ok: false, kind: 'unreachable', message: String(error) };
  }
  return sendTwilioSms(account, { from: message.from, to: message.to, body: message.body });
}

/** The upstream took it: the record says so, with Twilio's sid. The money stays debited. */
async function markSent(sub: string, sent: MessageItem): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKeys.item(sub, sent.id),
        UpdateExpression: `SET #status = :sent, providerMessageId = :sid, sentAt = :at${leaveDueIndex}`,
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent', ':sid': sent.providerMessageId, ':at': sent.sentAt, ':sending': 'sending' },
      }),
    );
  } catch (error) {
    // It went and it is paid: a record left `sending` is only a wrong word, not wrong money.
    log('error', { outcome: 'sent, not recorded', sub, messageId: sent.id, sid: sent.providerMessageId, error: String(error) });
  }
}

/** Not sent: the price back and the record `failed`, in one transaction; at most once per message (false: it was already). */
async function refundFailed(sub: string, rental: Pick<RentalItem, 'e164'>, message: MessageItem, failure: string): Promise<boolean> {
  const { replayed } = await applyLedgerTransaction({
    idempotencyKey: `sms-refund:${message.id}`,
    changes: [
      {
        sub,
        amountCents: message.priceCents!,
        kind: 'refund',
        reference: message.id,
        description: { key: 'smsRefund', params: { number: rental.e164, to: message.to } },
        // Money that was taken for nothing goes back even to an account deleted meanwhile.
        allowDeletedAccount: true,
      },
    ],
    items: () => [
      {
        Update: {
          TableName: tableName(),
          Key: messageKeys.item(sub, message.id),
          UpdateExpression: `SET #status = :failed, failure = :failure${leaveDueIndex}`,
          ConditionExpression: '#status = :sending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':failed': 'failed', ':failure': failure, ':sending': 'sending' },
        },
      },
    ],
  });
  return !replayed;
}

/**
 * Sent records left `sending` past `unsentRefundAfterMs` (their request died before Twilio
 * answered): each price goes back and the record is marked failed, exactly once (the refund's key
 * and the `sending` condition), so two runs at once refund nothing twice. Erring on the sender's
 * side, as a timeout does. Answers how many were refunded.
 */
export async function refundUnsentMessages(now = Date.now()): Promise<number> {
  const stuck = await queryDue<MessageItem & { pk: string }>(unsentQueue, now);
  let refunded = 0;
  for (const item of stuck) {
    const sub = subOfPartition(item.pk);
    const message = withoutKeys(item);
    const failure = failureText({ kind: 'no answer' }, message.priceCents!);
    try {
      if (!(await refundFailed(sub, { e164: message.from }, message, failure))) continue;
      refunded++;
      log('warn', { outcome: 'no answer, refunded', sub, rentalId: message.rentalId, messageId: message.id, to: message.to });
    } catch (error) {
      // Sent or failed meanwhile (the condition), or a refund to retry on the next run.
      log('error', { outcome: 'unsent refund skipped', sub, messageId: message.id, error: String(error) });
    }
  }
  return refunded;
}

/** The first call's message for a key used before: the same request gets the same answer, anything else a 409. */
async function answerReplay(sub: string, rentalId: string, request: SendMessageRequest, messageId: string, balanceCents: Cents): Promise<SendFromRentalResult> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: messageKeys.item(sub, messageId), ConsistentRead: true }));
  const first = Item && withoutKeys(Item as MessageItem & { pk: string; sk: string });
  if (!first) throw new ConflictError('This Idempotency-Key was already used');
  if (first.rentalId !== rentalId || first.to !== request.to || first.body !== request.body) {
    throw new ConflictError('This Idempotency-Key was already used for a different message');
  }
  if (first.status === 'failed') throw new UpstreamError(first.failure ?? 'The SMS was not sent; its price went back to your balance.');
  return { message: first, balanceCents };
}

/** The user's other tabs refresh the rental's conversation and the Sent folder (a `message` push would ring). */
const pushRental = (rental: RentalItem) => publish(rental.sub, { type: 'rental', rental: toRental(rental) });

import { fieldProblem, NumberType, type SendMessageRequest } from '@numbernest/contracts';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, putNew, queryDue, tableName, withoutKeys, type TransactItem } from '../db';
import { ConflictError, RateLimitedError, UpstreamError, ValidationError } from '../errors';
import { timeSortableId } from '../ids';
import { applyLedgerTransaction, findEntriesOfKey } from '../ledger/apply';
import type { LedgerEntry } from '../ledger/items';
import { log as logger } from '../log';
import { formatDollars, type Cents } from '../pricing';
import { publish } from '../realtime/publish';
import type { RentalItem } from '../rental/items';
import { rentalKeys } from '../rental/keys';
import { getRentalOf } from '../rental/purchase';
import { sendsSms } from '../rental/rules';
import { toRental } from '../rental/shape';
import type { UserItem } from '../user/items';
import { subOfPartition } from '../user/keys';
import type { MessageItem } from './items';
import { messageKeys } from './keys';
import { secret, setting } from '../settings';
import { quoteProblems, quoteSms, smsDailyDestinationCap, smsDailySegmentCap } from './tariff';
import type { TwilioAccount, TwilioMessage, TwilioSendResult } from './twilio-send';
import { secondsToUtcMidnight, utcDay } from '../utc-day';

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
/**
 * A request lives at most its Lambda's timeout (25 s, stacks/function-timeouts.ts, under API
 * Gateway's 30 s): a record still `sending` this long after has no request left to answer it, so
 * the rental job asks Twilio what became of it.
 */
export const unsentRefundAfterMs = 5 * 60_000;
/** While Twilio cannot be asked, a stuck record waits; this long after it was made, it is refunded anyway (in the sender's favour, and logged). */
export const unsentGiveUpAfterMs = 24 * 3600_000;
/** How soon the rental job asks Twilio again about a record it could not settle. */
const unsentRetryMs = 5 * 60_000;
/** Pages of Twilio's list the rental job reads per record (50 messages each, newest first). */
export const unsentLookupPages = 5;
/** The rental job starts no new record after this long (the rest wait for the next run), so with one record's lookup it ends inside its timeout. */
export const unsentSweepBudgetMs = 25_000;
/**
 * Our record is made just before the send, so Twilio's `date_created` of that message is within
 * moments after it: this much before (clocks differ) to this much after (the send's own timeout,
 * with room) is where it may be.
 */
const twilioMatchWindow = { beforeMs: 60_000, afterMs: 2 * 60_000 };
/** The record leaves the due-work index once it is sent or failed. */
const leaveDueIndex = ' REMOVE dueQueue, dueAt';

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
    items: () => [
      putNew({
        ...messageKeys.item(user.sub, message.id),
        ...message,
        dueQueue: unsentQueue,
        dueAt: new Date(now.getTime() + unsentRefundAfterMs).toISOString(),
      }),
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
      countSentToday(user.sub, now, request.to, segments),
    ],
    onItemConditionFailed: (index) =>
      index === sentTodayItem
        ? overDailyCap(user.sub, now, request.to, segments)
        : new ConflictError('This rental has ended, so its number can no longer send SMS.', 'SMS_RENTAL_ENDED'),
    knownProfiles: [user],
  });
  const entry = entries[0]!;
  // Two requests with one key at once: the other one debited; answer what it did.
  if (replayed) return { replay: await answerReplay(user.sub, rentalId, request, entry.reference, entry.balanceAfterCents) };
  return { rental: { ...rental, sentCount: (rental.sentCount ?? 0) + 1 }, message, entry };
}

/** Where the day's counter sits among payForMessage's business items (after the record and the rental's). */
const sentTodayItem = 2;

/**
 * The caller's Start Chat day (UTC) in the debit's own transaction: `n` segments and the set of
 * destinations, added only if the segments stay within `smsDailySegmentCap` and the destination is
 * known today or still fits `smsDailyDestinationCap`. One conditional update of one item, so
 * concurrent sends can never count past a cap (a read-then-write could). Refused or failed sends
 * stay counted: a script probing numbers spends its own allowance.
 */
function countSentToday(sub: string, now: Date, to: string, segments: number): TransactItem {
  const dayEnd = Math.floor(now.getTime() / 1000) + secondsToUtcMidnight(now);
  return {
    Update: {
      TableName: tableName(),
      Key: messageKeys.sentDay(sub, utcDay(now)),
      UpdateExpression: 'ADD n :segments, dests :dest SET expiresAt = if_not_exists(expiresAt, :ttl)',
      ConditionExpression: 'attribute_not_exists(n) OR (n <= :room AND (contains(dests, :to) OR size(dests) < :destinations))',
      ExpressionAttributeValues: {
        ':segments': segments,
        ':dest': new Set([to]),
        ':to': to,
        ':room': smsDailySegmentCap - segments,
        ':destinations': smsDailyDestinationCap,
        ':ttl': dayEnd + 2 * 24 * 3600,
      },
    },
  };
}

/** The 429 for a send the day's counter refused: which cap, read back (nothing was counted). */
async function overDailyCap(sub: string, now: Date, to: string, segments: number): Promise<Error> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: messageKeys.sentDay(sub, utcDay(now)), ConsistentRead: true }));
  const used = (Item?.n as number | undefined) ?? 0;
  const retryAfter = secondsToUtcMidnight(now);
  if (used + segments > smsDailySegmentCap) {
    const left = Math.max(0, smsDailySegmentCap - used);
    return new RateLimitedError(
      `Start Chat sends at most ${smsDailySegmentCap} SMS a day per account; ${left} left today and this message is ${segments}. The count starts again at midnight UTC.`,
      retryAfter,
      'SMS_DAILY_CAP',
      { cap: smsDailySegmentCap, left, segments },
    );
  }
  const known = (Item?.dests as Set<string> | undefined)?.has(to) ?? false;
  if (known) return new ConflictError('The daily SMS count changed meanwhile; try again', 'CONCURRENT_CHANGE');
  return new RateLimitedError(
    `Start Chat writes to at most ${smsDailyDestinationCap} different numbers a day per account. Today's numbers can still be written to; a new one from midnight UTC.`,
    retryAfter,
    'SMS_DESTINATION_CAP',
    { cap: smsDailyDestinationCap },
  );
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
 * - So when Twilio refuses it, the price goes back (a `refund` entry, key `sms-refund:<message id>`,
 *   so at most once) in the same transaction that marks the record `failed`, and the caller gets a
 *   502 saying so. With no usable answer (a timeout, a 5xx, no connection) Twilio may have taken it
 *   all the same, so it is asked at once (`settleUnsent`): found, the SMS counts as sent; not
 *   found, refunded as above; Twilio unreachable, the record stays `sending` (the caller gets it
 *   with that status, 202) for the rental job.
 * - The process dying between the debit and Twilio's answer leaves the record `sending`: it sits
 *   in the due-work index until `refundUnsentMessages` (the every-minute rental job) settles it the
 *   same way after `unsentRefundAfterMs`, long after any request could still be running.
 */
export async function sendFromRental({ user, rentalId, request, idempotencyKey, now = new Date() }: SendFromRentalInput): Promise<SendFromRentalResult> {
  const paid = await payForMessage({ user, rentalId, request, idempotencyKey, now });
  if ('replay' in paid) return paid.replay;
  const { rental, message, entry } = paid;
  const result = await sendUpstream(message);
  if (result.ok) {
    const sent: MessageItem = { ...message, status: 'sent', providerMessageId: result.sid, sentAt: new Date().toISOString() };
    await markSent(user.sub, sent);
    log('info', {
      outcome: 'sent',
      sub: user.sub,
      rentalId: rental.id,
      messageId: message.id,
      sid: result.sid,
      to: message.to,
      segments: message.segments,
      priceCents: message.priceCents,
    });
    await pushRental(rental);
    return { message: sent, balanceCents: entry.balanceAfterCents };
  }

  log('warn', {
    outcome: 'failed',
    sub: user.sub,
    rentalId: rental.id,
    messageId: message.id,
    to: message.to,
    kind: result.kind,
    httpStatus: result.httpStatus,
    code: result.code,
    reason: result.message,
  });
  if (result.kind === 'unreachable') {
    // No usable answer: Twilio may have taken it all the same. Ask before giving the money back.
    // One page only: the request's own Lambda timeout covers one lookup (stacks/function-timeouts.ts).
    const settled = await settleUnsent(user.sub, message, Date.now(), 'stage', 1);
    await pushRental(rental);
    if (settled.outcome === 'sent') return { message: settled.message, balanceCents: entry.balanceAfterCents };
    if (settled.outcome === 'refunded') throw new UpstreamError(settled.failure, 'SMS_NOT_SENT');
    // Nobody can tell yet: the record stays `sending` (the caller answers 202) and the rental job settles it.
    if (settled.outcome === 'waiting') return { message, balanceCents: entry.balanceAfterCents };
    // Settled meanwhile by the rental job: answer what it decided.
    return answerReplay(user.sub, rentalId, request, message.id, entry.balanceAfterCents);
  }
  const failure = failureText(result, message.priceCents!);
  await refundFailed(user.sub, rental, message, failure);
  await pushRental(rental);
  throw new UpstreamError(failure, 'SMS_NOT_SENT');
}

/** What the sender is told when it did not go: why, and that the money came back. */
function failureText(result: Extract<TwilioSendResult, { ok: false }> | { kind: 'no answer' }, priceCents: Cents): string {
  const back = `The $${formatDollars(priceCents)} went back to your balance.`;
  if (result.kind === 'no answer') return `The SMS was not sent: the SMS provider did not answer. ${back}`;
  return result.kind === 'refused'
    ? `The SMS was not sent: the SMS provider refused it (${result.message.replace(/\.$/, '')}). ${back}`
    : `The SMS was not sent: the SMS provider could not be reached. ${back} Try again in a moment.`;
}

/** This stage's Twilio account, or why there is none (a deploy mistake, logged as such). */
function twilioAccount(messageId: string): TwilioAccount | { error: string } {
  try {
    return { apiUrl: setting('TwilioApiUrl'), accountSid: setting('TwilioAccountSid'), authToken: secret('TwilioAuthToken') };
  } catch (error) {
    log('error', { outcome: 'not configured', messageId, error: String(error) });
    return { error: String(error) };
  }
}

/** Twilio with this stage's account; a missing setting counts as unreachable. */
async function sendUpstream(message: MessageItem): Promise<TwilioSendResult> {
  const account = twilioAccount(message.id);
  if ('error' in account) return { ok: false, kind: 'unreachable', message: account.error };
  // Loaded when a message is sent: the Twilio client code stays out of the cold start (the Lambda bundle budget).
  const { sendTwilioSms } = await import('./twilio-send');
  return sendTwilioSms(account, { from: message.from, to: message.to, body: message.body });
}

/** The upstream took it: the record says so, with Twilio's sid. The money stays debited. False: it was no longer `sending`. */
async function markSent(sub: string, sent: MessageItem): Promise<boolean> {
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
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    // It went and it is paid: a record left `sending` is found again at Twilio by the rental job.
    log('error', { outcome: 'sent, not recorded', sub, messageId: sent.id, sid: sent.providerMessageId, error: String(error) });
    return false;
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
      {
        // An SMS that never went out did not use the rental: its refund on close is as if never tried.
        Update: {
          TableName: tableName(),
          Key: rentalKeys.item(sub, message.rentalId),
          UpdateExpression: 'ADD sentCount :minusOne',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ],
  });
  return !replayed;
}

export type Settled =
  | { outcome: 'sent'; message: MessageItem }
  | { outcome: 'refunded'; failure: string }
  /** Nothing changed: Twilio could not be asked. */
  | { outcome: 'waiting' }
  /** It was no longer `sending`: settled meanwhile by another run or request. */
  | { outcome: 'skipped' };

/** Whom to ask: this stage's Twilio account, another one (tests), or nobody (it did not answer earlier in this run). */
type TwilioChoice = TwilioAccount | 'stage' | 'not asked';

/**
 * What became of a record still `sending` whose send got no usable answer: Twilio is asked for the
 * messages from our number to its destination (`findTwilioMessages`), and one with the same text,
 * created within `twilioMatchWindow` of our record and not already another record's, is ours.
 * - Found and not failed/canceled: it went. The record becomes `sent` with that sid; no refund.
 * - Not found (or failed there, which Twilio does not charge): the price goes back, once.
 * - Twilio cannot be asked: nothing changes, unless the record is `unsentGiveUpAfterMs` old; then
 *   it is refunded anyway, in the sender's favour, and logged.
 */
async function settleUnsent(sub: string, message: MessageItem, now: number, twilio: TwilioChoice = 'stage', lookupPages = unsentLookupPages): Promise<Settled> {
  const createdAt = Date.parse(message.createdAt);
  const account = twilio === 'stage' ? twilioAccount(message.id) : twilio === 'not asked' ? { error: 'Twilio did not answer earlier in this run' } : twilio;
  const lookup =
    'error' in account
      ? { ok: false as const, message: account.error }
      : await (
          await import('./twilio-send')
        ).findTwilioMessages(account, { from: message.from, to: message.to, since: createdAt - twilioMatchWindow.beforeMs }, { maxPages: lookupPages });
  if (!lookup.ok) {
    if (now - createdAt < unsentGiveUpAfterMs) {
      log('warn', { outcome: 'fate unknown, waiting', sub, messageId: message.id, to: message.to, reason: lookup.message });
      return { outcome: 'waiting' };
    }
    const failure = failureText({ kind: 'no answer' }, message.priceCents!);
    const refunded = await refundFailed(sub, { e164: message.from }, message, failure);
    if (!refunded) return { outcome: 'skipped' };
    log('error', {
      outcome: 'fate unknown after a day, refunded',
      sub,
      rentalId: message.rentalId,
      messageId: message.id,
      to: message.to,
      reason: lookup.message,
    });
    return { outcome: 'refunded', failure };
  }
  const ours = await pickOurs(sub, message, lookup.messages);
  if (ours && !['failed', 'canceled'].includes(ours.status)) {
    const sent: MessageItem = { ...message, status: 'sent', providerMessageId: ours.sid, sentAt: new Date(ours.createdAt).toISOString() };
    if (!(await markSent(sub, sent))) return { outcome: 'skipped' };
    log('info', {
      outcome: 'found sent at Twilio',
      sub,
      rentalId: message.rentalId,
      messageId: message.id,
      sid: ours.sid,
      status: ours.status,
      to: message.to,
    });
    return { outcome: 'sent', message: sent };
  }
  const failure = failureText({ kind: 'no answer' }, message.priceCents!);
  if (!(await refundFailed(sub, { e164: message.from }, message, failure))) return { outcome: 'skipped' };
  log('warn', {
    outcome: ours ? `${ours.status} at Twilio, refunded` : 'not at Twilio, refunded',
    sub,
    rentalId: message.rentalId,
    messageId: message.id,
    sid: ours?.sid,
    to: message.to,
  });
  return { outcome: 'refunded', failure };
}

/**
 * Our message among Twilio's: the same text, created in the window around our record, and no other
 * record of ours holds its sid (the same text twice in a minute is two records and two messages);
 * the earliest such. The sender's records of those minutes are one Query (ids sort by time).
 */
async function pickOurs(sub: string, message: MessageItem, candidates: TwilioMessage[]): Promise<TwilioMessage | undefined> {
  const createdAt = Date.parse(message.createdAt);
  const matching = candidates.filter(
    (m) =>
      m.body === message.body &&
      m.from === message.from &&
      m.to === message.to &&
      m.createdAt >= createdAt - twilioMatchWindow.beforeMs &&
      m.createdAt <= createdAt + twilioMatchWindow.afterMs,
  );
  if (!matching.length) return undefined;
  const idAt = (ms: number) => `${messageKeys.prefix}${Math.max(0, ms).toString(36).padStart(9, '0')}`;
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      FilterExpression: 'attribute_exists(providerMessageId)',
      ProjectionExpression: 'providerMessageId',
      ExpressionAttributeValues: {
        ':pk': messageKeys.item(sub, message.id).pk,
        ':from': idAt(createdAt - twilioMatchWindow.afterMs - twilioMatchWindow.beforeMs),
        ':to': `${idAt(createdAt + twilioMatchWindow.afterMs + twilioMatchWindow.beforeMs)}~`,
      },
      ConsistentRead: true,
    }),
  );
  const taken = new Set(Items.map((item) => item.providerMessageId as string));
  return matching.filter((m) => !taken.has(m.sid)).sort((a, b) => a.createdAt - b.createdAt)[0];
}

export interface UnsentReport {
  /** Found at Twilio: marked sent, not refunded. */
  sent: number;
  refunded: number;
  /** Twilio could not be asked: left for a later run. */
  waiting: number;
}

/**
 * Sent records left `sending` past `unsentRefundAfterMs` (their request died before Twilio's answer
 * was recorded), each settled by `settleUnsent`; the rental job runs this every minute. Each change
 * is conditional on `sending` (and the refund has its own key), so two runs at once settle nothing
 * twice. Once Twilio cannot be asked, the rest of this run does not ask again (it would wait out
 * each timeout): they stay for the next run, unless past `unsentGiveUpAfterMs`. A record left
 * waiting is due again `unsentRetryMs` later; past `unsentSweepBudgetMs` the run stops starting
 * new ones. `account` replaces the stage's Twilio account (tests point it at a closed port).
 */
export async function refundUnsentMessages(now = Date.now(), account?: TwilioAccount): Promise<UnsentReport> {
  const started = Date.now();
  const stuck = await queryDue<MessageItem & { pk: string }>(unsentQueue, now);
  const report: UnsentReport = { sent: 0, refunded: 0, waiting: 0 };
  let reachable = true;
  for (const item of stuck) {
    if (Date.now() - started > unsentSweepBudgetMs) break;
    const sub = subOfPartition(item.pk);
    const message = withoutKeys(item);
    try {
      const settled = await settleUnsent(sub, message, now, reachable ? (account ?? 'stage') : 'not asked');
      if (settled.outcome === 'skipped') continue;
      report[settled.outcome]++;
      if (settled.outcome === 'waiting') {
        reachable = false;
        await postpone(sub, message, now);
      }
    } catch (error) {
      // Sent or failed meanwhile (the conditions), or a change to retry on the next run.
      log('error', { outcome: 'unsent settling skipped', sub, messageId: message.id, error: String(error) });
    }
  }
  return report;
}

/** A record nobody could settle is due again later (only while still `sending`). */
async function postpone(sub: string, message: MessageItem, now: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKeys.item(sub, message.id),
        UpdateExpression: 'SET dueAt = :next',
        ConditionExpression: '#status = :sending AND attribute_exists(dueQueue)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':next': new Date(now + unsentRetryMs).toISOString(), ':sending': 'sending' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The first call's message for a key used before: the same request gets the same answer, anything else a 409. */
async function answerReplay(sub: string, rentalId: string, request: SendMessageRequest, messageId: string, balanceCents: Cents): Promise<SendFromRentalResult> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: messageKeys.item(sub, messageId), ConsistentRead: true }));
  const first = Item && withoutKeys(Item as MessageItem & { pk: string; sk: string });
  if (!first) throw new ConflictError('This Idempotency-Key was already used', 'IDEMPOTENCY_KEY_REUSED');
  if (first.rentalId !== rentalId || first.to !== request.to || first.body !== request.body) {
    throw new ConflictError('This Idempotency-Key was already used for a different message', 'IDEMPOTENCY_KEY_REUSED');
  }
  if (first.status === 'failed') throw new UpstreamError(first.failure ?? 'The SMS was not sent; its price went back to your balance.', 'SMS_NOT_SENT');
  return { message: first, balanceCents };
}

/** The user's other tabs refresh the rental's conversation and the Sent folder (a `message` push would ring). */
const pushRental = (rental: RentalItem) => publish(rental.sub, { type: 'rental', rental: toRental(rental) });

import { unsentLookupPages } from './time-limits';
import { findTwilioMessages } from './twilio-send';
/**
 * Settling a send: recording what became of a `sending` record (sent, or refunded with the record
 * `failed`), and, when Twilio gave no usable answer, finding the message at Twilio to decide which.
 */
import { readPartition, txUpdate, updateItem } from '../shared/db/item';
import { messageItem } from '../shared/db/items/messages';
import { applyLedgerTransaction } from '../money';
import { ConflictError } from '../shared/errors';
import { log as logger } from '../shared/log';
import { formatDollars, type Cents } from '../shared/pricing';
import type { RentalItem } from '../rentals';
import { uncountSendPart } from '../rentals';
import { secret, setting } from '../shared/settings';
import type { MessageItem } from './items';
import { messageKeys } from './keys';
import type { TwilioAccount, TwilioMessage, TwilioSendResult } from './twilio-send';

/** One JSON line per outbound SMS, for operators: where it went and what became of it (never the text). */
export function logOutboundSms(level: 'info' | 'warn' | 'error', fields: Record<string, unknown>) {
  logger[level]('outbound sms', fields);
}

/** While Twilio cannot be asked, a stuck record waits; this long after it was made, it is refunded anyway (in the sender's favour, and logged). */
export const unsentGiveUpAfterMs = 24 * 3600_000;
/**
 * Our record is made just before the send, so Twilio's `date_created` of that message is within
 * moments after it: this much before (clocks differ) to this much after (the send's own timeout,
 * with room) is where it may be.
 */
const twilioMatchWindow = { beforeMs: 60_000, afterMs: 2 * 60_000 };
/** The record leaves the due-work index once it is sent or failed. */
const leaveDueIndex: ['dueQueue', 'dueAt'] = ['dueQueue', 'dueAt'];
/** A refund's record was settled meanwhile (or its rental is gone): the whole refund is refused, as any clash with the current state. */
const settledMeanwhile = () => new ConflictError('This change clashes with the current state', 'CONFLICT');

/** What the sender is told when it did not go: why, and that the money came back. */
export function failureText(result: Extract<TwilioSendResult, { ok: false }> | { kind: 'no answer' }, priceCents: Cents): string {
  const back = `The $${formatDollars(priceCents)} went back to your balance.`;
  if (result.kind === 'no answer') return `The SMS was not sent: the SMS provider did not answer. ${back}`;
  return result.kind === 'refused'
    ? `The SMS was not sent: the SMS provider refused it (${result.message.replace(/\.$/, '')}). ${back}`
    : `The SMS was not sent: the SMS provider could not be reached. ${back} Try again in a moment.`;
}

/** This stage's Twilio account, or why there is none (a deploy mistake, logged as such). */
export function twilioAccount(messageId: string): TwilioAccount | { error: string } {
  try {
    return { apiUrl: setting('TwilioApiUrl'), accountSid: setting('TwilioAccountSid'), authToken: secret('TwilioAuthToken') };
  } catch (error) {
    logOutboundSms('error', { outcome: 'not configured', messageId, error: String(error) });
    return { error: String(error) };
  }
}

/** The upstream took it: the record says so, with Twilio's sid. The money stays debited. False: it was no longer `sending`. */
export async function markSent(sub: string, sent: MessageItem): Promise<boolean> {
  try {
    const marked = await updateItem(
      messageItem,
      { sub, id: sent.id },
      {
        set: { status: 'sent', providerMessageId: sent.providerMessageId, sentAt: sent.sentAt },
        remove: leaveDueIndex,
        when: { status: { equals: 'sending' } },
        ifExists: false,
      },
    );
    return marked !== undefined;
  } catch (error) {
    // It went and it is paid: a record left `sending` is found again at Twilio by the rental job.
    logOutboundSms('error', { outcome: 'sent, not recorded', sub, messageId: sent.id, sid: sent.providerMessageId, error: String(error) });
    return false;
  }
}

/** Not sent: the price back and the record `failed`, in one transaction; at most once per message (false: it was already). */
export async function refundFailed(sub: string, rental: Pick<RentalItem, 'e164'>, message: MessageItem, failure: string): Promise<boolean> {
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
    parts: () => [
      txUpdate(
        messageItem,
        { sub, id: message.id },
        {
          set: { status: 'failed', failure },
          remove: leaveDueIndex,
          when: { status: { equals: 'sending' } },
          ifExists: false,
          onConditionFailed: settledMeanwhile,
        },
      ),
      uncountSendPart(sub, message.rentalId, settledMeanwhile),
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
export async function settleUnsent(
  sub: string,
  message: MessageItem,
  now: number,
  twilio: TwilioChoice = 'stage',
  lookupPages = unsentLookupPages,
): Promise<Settled> {
  const createdAt = Date.parse(message.createdAt);
  const account = twilio === 'stage' ? twilioAccount(message.id) : twilio === 'not asked' ? { error: 'Twilio did not answer earlier in this run' } : twilio;
  const lookup =
    'error' in account
      ? { ok: false as const, message: account.error }
      : await findTwilioMessages(account, { from: message.from, to: message.to, since: createdAt - twilioMatchWindow.beforeMs }, { maxPages: lookupPages });
  if (!lookup.ok) {
    if (now - createdAt < unsentGiveUpAfterMs) {
      logOutboundSms('warn', { outcome: 'fate unknown, waiting', sub, messageId: message.id, to: message.to, reason: lookup.message });
      return { outcome: 'waiting' };
    }
    return refundUnanswered(sub, message, 'error', { outcome: 'fate unknown after a day, refunded', reason: lookup.message });
  }
  const ours = await pickOurs(sub, message, lookup.messages);
  if (ours && !['failed', 'canceled'].includes(ours.status)) {
    const sent: MessageItem = { ...message, status: 'sent', providerMessageId: ours.sid, sentAt: new Date(ours.createdAt).toISOString() };
    if (!(await markSent(sub, sent))) return { outcome: 'skipped' };
    logOutboundSms('info', {
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
  return refundUnanswered(sub, message, 'warn', { outcome: ours ? `${ours.status} at Twilio, refunded` : 'not at Twilio, refunded', sid: ours?.sid });
}

/** A record Twilio gave no usable answer for, refunded and logged; skipped when it was settled meanwhile. */
async function refundUnanswered(
  sub: string,
  message: MessageItem,
  level: 'warn' | 'error',
  { outcome, ...details }: { outcome: string } & Record<string, unknown>,
): Promise<Settled> {
  const failure = failureText({ kind: 'no answer' }, message.priceCents!);
  if (!(await refundFailed(sub, { e164: message.from }, message, failure))) return { outcome: 'skipped' };
  logOutboundSms(level, { outcome, sub, rentalId: message.rentalId, messageId: message.id, to: message.to, ...details });
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
  const withSids = await readPartition(
    messageItem,
    { sub, id: message.id },
    {
      skFrom: idAt(createdAt - twilioMatchWindow.afterMs - twilioMatchWindow.beforeMs),
      skTo: `${idAt(createdAt + twilioMatchWindow.afterMs + twilioMatchWindow.beforeMs)}~`,
      filter: { providerMessageId: { exists: true } },
      consistent: true,
    },
  );
  const taken = new Set(withSids.map((item) => item.providerMessageId));
  return matching.filter((m) => !taken.has(m.sid)).sort((a, b) => a.createdAt - b.createdAt)[0];
}

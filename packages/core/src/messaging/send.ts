/**
 * Start Chat, the whole send: pay, hand the SMS to Twilio, then settle on its answer. The entry of
 * the sending modules, so callers keep importing from here.
 */
import { UpstreamError } from '../shared/errors';
import { publish } from '../notifications';
import type { RentalItem } from '../rentals';
import { toRental } from '../rentals';
import type { MessageItem } from './items';
import { answerReplay, payForMessage, type SendFromRentalInput, type SendFromRentalResult } from './pay-for-message';
import { failureText, logOutboundSms, markSent, refundFailed, settleUnsent, twilioAccount } from './settle-send';
import { sendTwilioSms, type TwilioSendResult } from './twilio-send';

export { payForMessage, type SendFromRentalInput, type SendFromRentalResult } from './pay-for-message';
export { unsentGiveUpAfterMs, type Settled } from './settle-send';
export { refundUnsentMessages, unsentQueue, type UnsentReport } from './unsent-sweep';
export { unsentLookupPages, unsentRefundAfterMs, unsentSweepBudgetMs } from './time-limits';

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
    logOutboundSms('info', {
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

  logOutboundSms('warn', {
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

/** Twilio with this stage's account; a missing setting counts as unreachable. */
async function sendUpstream(message: MessageItem): Promise<TwilioSendResult> {
  const account = twilioAccount(message.id);
  if ('error' in account) return { ok: false, kind: 'unreachable', message: account.error };
  return sendTwilioSms(account, { from: message.from, to: message.to, body: message.body });
}

/** The user's other tabs refresh the rental's conversation and the Sent folder (a `message` push would ring). */
const pushRental = (rental: RentalItem) => publish(rental.sub, { type: 'rental', rental: toRental(rental) });

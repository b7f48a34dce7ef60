import { unsentSweepBudgetMs } from './time-limits';
/**
 * The sweep of stale sends: the rental job settles Sent records left `sending` (their request died
 * before Twilio's answer was recorded) through the due-work queue they were paid into.
 */
import { readIndexKeyed, updateItem } from '../shared/db/item';
import { messageItem } from '../shared/db/items/messages';
import { subOfPartition } from '../accounts';
import type { MessageItem } from './items';
import { logOutboundSms, settleUnsent } from './settle-send';
import type { TwilioAccount } from './twilio-send';

/** The due-work queue of Sent records still `sending` (pk USER#<sub>, sk MESSAGE#<id> in index dueByTime). */
export const unsentQueue = 'SMS_UNSENT';
/** How soon the rental job asks Twilio again about a record it could not settle. */
const unsentRetryMs = 5 * 60_000;

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
  // Read with their keys: a message's account is its partition, not an attribute.
  const stuck = await readIndexKeyed(messageItem, 'dueByTime', unsentQueue, { skTo: new Date(now).toISOString() });
  const report: UnsentReport = { sent: 0, refunded: 0, waiting: 0 };
  let reachable = true;
  for (const { key, item: message } of stuck) {
    if (Date.now() - started > unsentSweepBudgetMs) break;
    const sub = subOfPartition(key.pk);
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
      logOutboundSms('error', { outcome: 'unsent settling skipped', sub, messageId: message.id, error: String(error) });
    }
  }
  return report;
}

/** A record nobody could settle is due again later (only while still `sending`). */
async function postpone(sub: string, message: MessageItem, now: number): Promise<void> {
  await updateItem(
    messageItem,
    { sub, id: message.id },
    { set: { dueAt: new Date(now + unsentRetryMs).toISOString() }, when: { status: { equals: 'sending' }, dueQueue: { exists: true } }, ifExists: false },
  );
}

import { readItem, updateItem } from '../../shared/db/item';
import { forwardRecordItem } from '../../shared/db/items/forwarding';
import { messageItem } from '../../shared/db/items/messages';
import { log } from '../../shared/log';
import type { MessageItem } from '../items';
import { findRental } from '../../rentals';
import { findUser } from '../../accounts';
import { backoffMs } from '../../channels';
import type { SendOutcome } from './channel';
import type { ForwardJob, ForwardRecord, MessageForwardState } from './items';
import { forwardLeaseMs, forwardQueue, forwardRetryWindowMs } from './keys';
import { senderOf } from './senders';
import { forwardingOf } from './switches';

export function findForwardRecord(job: Pick<ForwardJob, 'sub' | 'messageId' | 'channel'>): Promise<ForwardRecord | undefined> {
  return readItem(forwardRecordItem, job, { consistent: true });
}

/**
 * The claim before sending: the record becomes `sending` (this attempt's), only if it is `queued`
 * (new, or failed before and due again) or an attempt's claim went stale (it crashed mid-send).
 * Undefined: someone else holds it, or it was sent or given up: nothing to send.
 */
function claim(job: ForwardJob, now: number): Promise<ForwardRecord | undefined> {
  return updateItem(forwardRecordItem, job, {
    set: { status: 'sending', claimedAt: new Date(now).toISOString(), dueAt: new Date(now + forwardLeaseMs).toISOString() },
    add: { attempts: 1 },
    when: {
      anyOf: [{ status: { equals: 'queued' } }, { status: { equals: 'sending' }, claimedAt: { lessThan: new Date(now - forwardLeaseMs).toISOString() } }],
    },
  });
}

async function send(job: ForwardJob, attempt: number): Promise<SendOutcome> {
  const [user, message] = await Promise.all([findUser(job.sub), findMessage(job)]);
  if (!user || user.deletedAt || !message) return { ok: false, error: 'not-available', retry: false };
  if (!forwardingOf(user)[job.channel]) return { ok: false, error: 'turned-off', retry: false };
  const sender = await senderOf(job.channel);
  if (!sender) return { ok: false, error: 'not-available', retry: false };
  const rental = await findRental(job.sub, message.rentalId);
  try {
    return await sender.send({ job, user, message, rental, attempt });
  } catch (error) {
    return { ok: false, error: 'send-failed', retry: true, detail: error instanceof Error ? error.message : String(error) };
  }
}

function findMessage(job: ForwardJob): Promise<MessageItem | undefined> {
  return readItem(messageItem, { sub: job.sub, id: job.messageId }, { consistent: true });
}

/** The record's change for an outcome (conditioned on this attempt's claim), and the state the message shows. */
function outcomeUpdate(record: ForwardRecord, outcome: SendOutcome, now: number) {
  const at = new Date(now).toISOString();
  if (outcome.ok) {
    return {
      set: { status: 'sent', sentAt: at, ...(outcome.providerId ? { providerId: outcome.providerId } : {}) },
      remove: ['dueQueue', 'dueAt', 'claimedAt', 'nextAttemptAt', 'lastError'],
      state: { status: 'sent', attempts: record.attempts, updatedAt: at },
    } satisfies ForwardChange;
  }
  const next = now + backoffMs(record.attempts);
  if (outcome.retry && next <= Date.parse(record.createdAt) + forwardRetryWindowMs) {
    const nextAt = new Date(next).toISOString();
    return {
      set: { status: 'queued', lastError: outcome.error, nextAttemptAt: nextAt, dueQueue: forwardQueue, dueAt: nextAt },
      remove: ['claimedAt'],
      state: { status: 'queued', attempts: record.attempts, error: outcome.error, updatedAt: at },
    } satisfies ForwardChange;
  }
  return {
    set: { status: 'failed', lastError: outcome.error },
    remove: ['dueQueue', 'dueAt', 'claimedAt', 'nextAttemptAt'],
    state: { status: 'failed', attempts: record.attempts, error: outcome.error, updatedAt: at },
  } satisfies ForwardChange;
}

interface ForwardChange {
  set: Partial<ForwardRecord>;
  remove: ('dueQueue' | 'dueAt' | 'claimedAt' | 'nextAttemptAt' | 'lastError')[];
  state: MessageForwardState;
}

/**
 * One attempt at a forwarding job (the queue's subscriber): exactly once per SMS and channel.
 * The record is claimed before sending and marked after: a duplicate job finds it sent (or being
 * sent) and sends nothing; a failure puts it back to `queued` with the next try after the
 * webhooks' backoff (for an hour; then `failed`), so the retry sends again. An attempt that dies
 * mid-send leaves a claim that goes stale after the lease: then it is tried again (an e-mail may
 * then arrive twice, rather than never). The message's state follows each outcome. Throws only on
 * storage errors.
 */
export async function attemptForward(job: ForwardJob, options: { now?: number } = {}): Promise<ForwardRecord | undefined> {
  const now = options.now ?? Date.now();
  const record = await claim(job, now);
  if (!record) return findForwardRecord(job);
  const outcome = await send(job, record.attempts);
  if (!outcome.ok)
    log.warn('forwarding attempt failed', {
      sub: job.sub,
      messageId: job.messageId,
      channel: job.channel,
      attempts: record.attempts,
      error: outcome.error,
      detail: outcome.detail,
    });
  const update: ForwardChange = outcomeUpdate(record, outcome, Date.now());
  const recorded = await updateItem(forwardRecordItem, job, {
    set: update.set,
    remove: update.remove,
    when: { status: { equals: 'sending' }, attempts: { equals: record.attempts } },
    ifExists: false,
  });
  // Our claim went stale and another attempt took it over: its outcome is the one recorded.
  if (!recorded) return findForwardRecord(job);
  await showOnMessage(job, update.state);
  return findForwardRecord(job);
}

/** The message's per-channel state (the rental page shows it); best effort: the record is the truth. */
async function showOnMessage(job: ForwardJob, state: MessageForwardState): Promise<void> {
  try {
    await updateItem(
      messageItem,
      { sub: job.sub, id: job.messageId },
      { setEntries: { forwarding: { [job.channel]: state } }, when: { forwarding: { exists: true } }, ifExists: false },
    );
  } catch (error) {
    log.error('forwarding state not shown', { sub: job.sub, messageId: job.messageId, error: String(error) });
  }
}

import { forwardingChannels, type ForwardingChannel } from '@numbernest/contracts';
import { txPutNew, type TransactPart } from '../../shared/db/item';
import { forwardRecordItem } from '../../shared/db/items/forwarding';
import { log } from '../../shared/log';
import type { MessageItem } from '../items';
import type { UserItem } from '../../accounts';
import { enqueue } from '../../channels';
import type { ForwardJob, ForwardRecord, MessageForwardState } from './items';
import { forwardLeaseMs, forwardQueue } from './keys';
import { forwardingOf } from './switches';

/** What an SMS's transaction adds for forwarding: the message's per-channel state, the records, and the jobs to enqueue after it commits. */
export interface ForwardingPlan {
  state: Partial<Record<ForwardingChannel, MessageForwardState>> | undefined;
  /** The records' parts of the SMS's transaction, each failing as `onConditionFailed` says. */
  parts: (onConditionFailed: () => Error) => TransactPart[];
  jobs: ForwardJob[];
}

/**
 * For an inbound SMS to a rental of `profile`'s: one record per channel the owner forwards to,
 * `queued` and due for the retry job after the lease (should the enqueue after the commit be
 * lost), to be written in the SMS's own transaction, so each SMS gets its records exactly once.
 */
export function forwardingPlan(profile: UserItem | undefined, message: Pick<MessageItem, 'id' | 'rentalId'>, now: Date): ForwardingPlan {
  const settings = profile && !profile.deletedAt ? forwardingOf(profile) : undefined;
  const channels = settings ? forwardingChannels.filter((channel) => settings[channel]) : [];
  if (!profile || channels.length === 0) return { state: undefined, parts: () => [], jobs: [] };
  const at = now.toISOString();
  const records: ForwardRecord[] = channels.map((channel) => ({
    sub: profile.sub,
    messageId: message.id,
    rentalId: message.rentalId,
    channel,
    status: 'queued',
    attempts: 0,
    createdAt: at,
    dueQueue: forwardQueue,
    dueAt: new Date(now.getTime() + forwardLeaseMs).toISOString(),
  }));
  return {
    state: Object.fromEntries(channels.map((channel) => [channel, { status: 'queued', attempts: 0, updatedAt: at }])),
    parts: (onConditionFailed) => records.map((record) => txPutNew(forwardRecordItem, record, onConditionFailed)),
    jobs: channels.map((channel) => ({ kind: 'forward', sub: profile.sub, messageId: message.id, channel })),
  };
}

/** After the SMS committed: each job to the queue. Never throws: a lost one is the retry job's after the lease. */
export async function enqueueForwards(jobs: ForwardJob[], now: number): Promise<void> {
  for (const job of jobs) {
    try {
      await enqueue(job, now);
    } catch (error) {
      log.error('forwarding enqueue failed', { sub: job.sub, messageId: job.messageId, channel: job.channel, error: String(error) });
    }
  }
}

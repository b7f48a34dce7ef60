import type { ForwardingChannel } from '@numbernest/contracts';
import type { MessageItem } from '../items';
import type { RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';
import type { ForwardingError, ForwardJob } from './items';

/** What a channel gets to send one SMS: the job, and what was read for it (the owner, the SMS, its rental). */
export interface ForwardDelivery {
  job: ForwardJob;
  user: UserItem;
  message: MessageItem;
  /** Absent only if the rental item is gone. */
  rental: RentalItem | undefined;
  /** This attempt's number (1 for the first). */
  attempt: number;
}

/**
 * What one send came to. `retry`: worth trying again later (the provider was down); false: it
 * cannot work (no verified address, not linked). `detail` is for the logs only.
 */
export type SendOutcome = { ok: true; providerId?: string } | { ok: false; error: ForwardingError; retry: boolean; detail?: string };

/**
 * A forwarding channel: ONE file per channel (email.ts; Telegram, WhatsApp, Web Push to come),
 * registered in senders.ts. `send` sends once; the caller (attempt.ts) makes it exactly once per
 * SMS and channel, records the outcome and schedules retries. A thrown error counts as a
 * retryable failure.
 */
export interface ChannelSender {
  channel: ForwardingChannel;
  send(delivery: ForwardDelivery): Promise<SendOutcome>;
}

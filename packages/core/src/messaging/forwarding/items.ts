import type { ForwardingChannel, forwardingErrors } from '@numbernest/contracts';

export type ForwardingError = (typeof forwardingErrors)[number];

/** One SMS's delivery to one channel (pk USER#<sub>, sk FORWARD#<messageId>#<channel>). */
export interface ForwardRecord {
  sub: string;
  messageId: string;
  rentalId: string;
  channel: ForwardingChannel;
  /** queued: waiting (first try or a retry); sending: an attempt holds it since `claimedAt`; sent; failed: given up. */
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  createdAt: string;
  claimedAt?: string;
  sentAt?: string;
  nextAttemptAt?: string;
  lastError?: ForwardingError;
  /** The channel's own id of what it sent (SES message id, …). */
  providerId?: string;
  dueQueue?: string;
  dueAt?: string;
}

/** What the queue carries: which record to attempt. */
import type { ForwardJob } from '../../channels';
export type { ForwardJob };

export const isForwardJob = (job: unknown): job is ForwardJob => (job as { kind?: unknown } | null)?.kind === 'forward';

/** A channel's state as the message keeps it (the rental page shows it). */
export interface MessageForwardState {
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  error?: ForwardingError;
  updatedAt: string;
}

import type { MessageBox, MessageStatus, ForwardingChannel } from '@numbernest/contracts';
import type { MessageForwardState } from './forwarding/items';
import type { Cents } from '../shared/pricing';

export type SmsProvider = 'twilio' | 'gateway' | 'agent' | 'upstream';

/** An inbound SMS as any upstream reports it (each webhook normalises to this). */
export interface InboundSms {
  provider: SmsProvider;
  /** The upstream's id of this SMS (Twilio MessageSid; the gateway's event id): the same id is stored once. */
  providerMessageId: string;
  /** The sender as the upstream gives it: a number, a short code or an alphanumeric name. */
  from: string;
  /** Our number that received it, E.164. */
  to: string;
  /** Plain text, exactly as received; once kept, cut to `maxSmsTextLength` (message/inbound-text.ts). */
  body: string;
  /** Set when the text was cut: its length as received (`body` is then its start, ending in "…"). */
  receivedLength?: number;
  /** When the upstream received it (ISO). */
  receivedAt: string;
  /** android-sms-gateway: the phone that reported it (its signed deviceId) and, when the app knows it, the SIM slot. */
  deviceId?: string;
  simNumber?: number;
  /** A partner's SIM bank (agent protocol): the agent that pushed it, whose key the push carried. */
  agentId?: string;
  /** An upstream provider's activation: the upstream whose status answer carried the code. */
  upstreamId?: string;
}

/** A message in its user's partition (pk USER#<sub>, sk MESSAGE#<id>). */
export interface MessageItem {
  id: string;
  rentalId: string;
  box: MessageBox;
  from: string;
  to: string;
  /** Plain text, never HTML: stored and returned verbatim (an inbound one cut to `maxSmsTextLength`). */
  body: string;
  /** Inbox, when the text was cut: its length as received (`body` is then its start, ending in "…"). */
  receivedLength?: number;
  code: string | null;
  /**
   * Inbox: whether the sender is one the rental's service sends from (Private: any sender). A
   * message matched by its text only is shown, labelled, but is not the rental's code: it does not
   * count in `messagesCount` and is not the protocol's code. Absent on messages stored before: verified.
   */
  verified?: boolean;
  /** When we stored it (the order of the list). */
  createdAt: string;
  /** Inbox: the upstream, its id and its own receive time. Sent: the upstream and, once it took it, its id (Twilio's SM…). */
  provider?: SmsProvider;
  providerMessageId?: string;
  receivedAt?: string;
  /** Sent: what it cost, and the segments it was priced as. */
  priceCents?: Cents;
  segments?: number;
  /** Sent: sending (debited, the upstream not answered yet), sent (the upstream took it), failed (refunded). */
  status?: MessageStatus;
  /** Sent: when the upstream took it, or why it failed (the words the sender was shown). */
  sentAt?: string;
  failure?: string;
  /** Inbox, when its owner forwards SMS: each channel's delivery (forwarding/attempt.ts keeps it). */
  forwarding?: Partial<Record<ForwardingChannel, MessageForwardState>>;
}

export type OrphanReason = 'unknown-number' | 'no-active-rental' | 'no-matching-service' | 'ambiguous' | 'rental-ended' | 'no-receiving-number';

/**
 * An SMS nobody may see (pk ORPHAN_SMS, sk <id>): kept for operators with why it was not delivered.
 * An operator's decision moves it to ORPHAN_SMS_ASSIGNED (delivered to a rental's renter) or
 * ORPHAN_SMS_DISMISSED, with `resolved`.
 */
export interface OrphanSmsItem extends InboundSms {
  id: string;
  reason: OrphanReason;
  code: string | null;
  numberId?: number;
  createdAt: string;
  resolved?: OrphanResolution;
}

export interface OrphanResolution {
  at: string;
  by: { sub: string; email: string };
  reason?: string;
  /** Assigned: the rental, its renter and the message it became. */
  rentalId?: string;
  sub?: string;
  messageId?: string;
}

/** What became of an upstream's SMS (pk SMS#<provider>#<id>): answers a replay without storing twice. */
export type InboundRecord = {
  provider: SmsProvider;
  providerMessageId: string;
  createdAt: string;
  expiresAt: number;
} & (
  { outcome: 'delivered'; sub: string; rentalId: string; messageId: string; verified?: boolean } | { outcome: 'orphan'; orphanId: string; reason: OrphanReason }
);

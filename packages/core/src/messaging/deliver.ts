import { NumberType } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import { sourceOf, type NumberFacts, serviceCatalog } from '../catalogue';
import { retryOnConflict, tryAgain } from '../shared/db';
import { MalformedItemError, readItem, readPartitionKeyed, requestPart, transact, txPutNew, txUpdate, type TransactPart } from '../shared/db/item';
import { numberItem } from '../shared/db/items/catalogue-numbers';
import { inboundRecordItem, orphanSmsItem } from '../shared/db/items/inbound-sms';
import { messageItem } from '../shared/db/items/messages';
import { numberLockItem } from '../shared/db/items/rentals';
import { timeSortableId } from '../shared/ids';
import { log as logger } from '../shared/log';
import type { NotificationItem } from '../notifications';
import { notificationParts, toNotification, newNotification, wantsNotification, publish } from '../notifications';
import type { RentalItem } from '../rentals';
import { countMessagePart, deliveredCount, deliverySourceOf, findRental, toRental } from '../rentals';
import { recordDelivery, recordStats } from '../stats';
import type { UserItem } from '../accounts';
import { findUser } from '../accounts';
import { enqueueSmsWebhook } from '../channels';
import { enqueueForwards, forwardingPlan } from './forwarding/enqueue';
import type { InboundRecord, InboundSms, MessageItem, OrphanReason, OrphanSmsItem } from './items';
import { inboundRecordSeconds } from './keys';
import { toMessage } from './message-view';
import { keptSms } from './inbound-text';
import { findPhone } from './phone';
import { chooseRenter, hostsNumber, normaliseE164, type ActiveLock, type Routing } from './routing';

export type DeliveryResult =
  | { outcome: 'delivered'; rental: RentalItem; message: MessageItem; notification?: NotificationItem }
  | { outcome: 'orphan'; orphan: OrphanSmsItem }
  | { outcome: 'duplicate'; record?: InboundRecord }
  /** The upstream does not host the number it reported for (another upstream or phone does): nothing stored. */
  | { outcome: 'refused'; reason: 'not-hosted' };

/** One JSON line per inbound SMS, for operators: what came and where it went (never the text). */
function log(level: 'info' | 'warn', fields: Record<string, unknown>) {
  logger[level]('inbound sms', fields);
}

/** What became of an upstream's SMS, if it came before. */
export async function findInboundRecord(provider: string, providerMessageId: string): Promise<InboundRecord | undefined> {
  const record = await readItem(inboundRecordItem, { provider, providerMessageId }, { consistent: true });
  return record && byOutcome(record);
}

/** A stored record as its outcome's shape: the item type's schema has each outcome's fields optional, the outcome requires its own. */
function byOutcome(record: z.infer<typeof inboundRecordItem.schema>): InboundRecord {
  const { outcome, sub, rentalId, messageId, orphanId, reason } = record;
  if (outcome === 'delivered' && sub !== undefined && rentalId !== undefined && messageId !== undefined)
    return { ...record, outcome, sub, rentalId, messageId };
  if (outcome === 'orphan' && orphanId !== undefined && reason !== undefined) return { ...record, outcome, orphanId, reason };
  throw new MalformedItemError(inboundRecordItem.name, `a record of outcome ${outcome} lacks that outcome's fields`);
}

/** The renter an SMS is for, from its number's active locks (consistent reads) and its sender and text. */
async function route(sms: InboundSms, phone: NumberFacts | undefined): Promise<Routing & { numberId?: number }> {
  if (!sms.to) return { kind: 'orphan', reason: 'no-receiving-number' };
  if (!phone) return { kind: 'orphan', reason: 'unknown-number' };
  const [items, { patternsOf }] = await Promise.all([
    // With their keys: a lock's service is its sort key, not one of its fields.
    readPartitionKeyed(numberLockItem, { numberId: phone.numberId }, { consistent: true, filter: { activeRentalId: { exists: true } } }),
    serviceCatalog(), // cached: the services' patterns
  ]);
  const locks: ActiveLock[] = items.flatMap(({ key, item }) =>
    item.activeRentalId !== undefined && item.activeSub !== undefined
      ? [{ rentalId: item.activeRentalId, sub: item.activeSub, ...(key.sk === 'ALL' ? {} : { serviceId: Number(key.sk.slice('SERVICE#'.length)) }) }]
      : [],
  );
  return { numberId: phone.numberId, ...chooseRenter(locks, sms.from, sms.body, patternsOf) };
}

/**
 * An inbound SMS, end to end: its text kept to `maxSmsTextLength` (a longer one cut, its code
 * found in the text as received: `keptSms`); refused (nothing stored) when its upstream does not
 * host the number (the number's source: Twilio, or one phone's SIM); else the renter it is for (Private: the
 * number's renter; Shared and Temporary: the active renter whose service's patterns match the
 * sender or the text), then ONE transaction: the message in the renter's partition, the inbound
 * record (put only if new: the same upstream id twice is stored once), the rental's counters (a
 * verified SMS: `messagesCount` and the last message; a text-only match: `unverifiedCount`), only
 * while it is active and within its time, and the notification with its unread count when the
 * renter's settings want one. Then the push. Nobody matching: kept as an orphan for operators,
 * shown to nobody. A Temporary activation stays active: more codes may come within its window.
 */
export async function deliverInbound(event: InboundSms, now = new Date()): Promise<DeliveryResult> {
  // From here on the text is the one kept: routed, stored and forwarded alike (its code was found in the text as received).
  const { sms, code } = keptSms({ ...event, to: event.to ? normaliseE164(event.to) : '' });
  const seen = { provider: sms.provider, providerMessageId: sms.providerMessageId };
  const phone = await findPhone(sms.to);
  if (phone && !hostsNumber(sms, sourceOf(phone))) {
    const upstream = {
      ...(sms.deviceId === undefined ? {} : { deviceId: sms.deviceId, simNumber: sms.simNumber }),
      ...(sms.agentId === undefined ? {} : { agentId: sms.agentId }),
    };
    log('warn', { ...seen, ...upstream, outcome: 'refused', reason: 'not-hosted', to: sms.to, numberId: phone.numberId, hostedBy: sourceOf(phone) });
    return { outcome: 'refused', reason: 'not-hosted' };
  }
  const known = await findInboundRecord(sms.provider, sms.providerMessageId);
  if (known) {
    log('info', { ...seen, outcome: 'duplicate' });
    return { outcome: 'duplicate', record: known };
  }

  return retryOnConflict(
    async () => {
      const target = await route(sms, phone);
      if (target.kind === 'orphan') return storeOrphan(sms, code, target.reason, phone, now);
      const rental = await findRental(target.lock.sub, target.lock.rentalId);
      if (!rental || rental.status !== 'active' || Date.parse(rental.expiresAt) <= now.getTime()) {
        return storeOrphan(sms, code, 'rental-ended', phone, now);
      }
      // A renter was found, so the number is ours (route() makes an unknown number an orphan): the SMS counts on it.
      const stored = await deliverToRental(sms, code, target.verified, rental, await findUser(rental.sub), now, undefined, phone);
      if (stored === 'claimed') return { outcome: 'duplicate' as const, record: await findInboundRecord(sms.provider, sms.providerMessageId) };
      // The rental ended (or the account went) between the read and the write: decide again.
      if (stored === 'changed') return tryAgain;
      log('info', { ...seen, outcome: stored.outcome, rentalId: rental.id, numberId: target.numberId, matchedBy: target.matchedBy, verified: target.verified });
      return stored;
    },
    { attempts: 3, exhausted: () => storeOrphan(sms, code, 'rental-ended', phone, now) },
  );
}

/** The inbound record's fields every outcome has. */
export const recordFields = (sms: InboundSms, now: Date) => ({
  provider: sms.provider,
  providerMessageId: sms.providerMessageId,
  createdAt: now.toISOString(),
  expiresAt: Math.floor(now.getTime() / 1000) + inboundRecordSeconds,
});

/**
 * The number's SMS figures for the operators' inventory (count, last received), kept in the SMS's
 * own transaction: counted once per accepted SMS, never by reading messages back. Unconditioned, as
 * it always was (written whether or not the number item is there), so it cannot fail on its own.
 */
const countOnNumber = (phone: NumberFacts, now: Date): TransactPart =>
  txUpdate(
    numberItem,
    { countryId: phone.countryId, typeId: phone.typeId, numberId: phone.numberId },
    { set: { lastSmsAt: now.toISOString() }, add: { smsCount: 1 }, ifExists: false, onConditionFailed: () => new Error('unconditioned: cannot fail') },
  );

/** A claim's condition failed: someone was first. */
class ClaimedMeanwhile extends Error {}
/** The rental ended, or the account went, between the read and the write. */
class ChangedMeanwhile extends Error {}
/** The upstream's SMS was stored before. */
class StoredBefore extends Error {}

/** An SMS on arrival claims its upstream id: the inbound record, put only if new. */
const newRecord =
  (sms: InboundSms, rental: RentalItem, verified: boolean, now: Date) =>
  (message: MessageItem, claimed: () => Error): TransactPart[] => [
    txPutNew(
      inboundRecordItem,
      { ...recordFields(sms, now), outcome: 'delivered', sub: rental.sub, rentalId: rental.id, messageId: message.id, verified },
      claimed,
    ),
  ];

/**
 * THE delivery of an SMS to a rental's renter, for an SMS routed on arrival and for an orphan an
 * operator assigns alike: ONE transaction of the claim (`claim`: the items that make it happen at
 * most once, each conditioned; by default the inbound record put if new), the message, the
 * rental's counters (only while it is active and within its time) and the notification with its
 * unread count when wanted, and the forwarding records of the channels the owner forwards to;
 * then the push, the customer webhook and the forwarding jobs. 'claimed': a claim's condition
 * failed (someone was first); 'changed': the rental ended or the account went meanwhile.
 */
export async function deliverToRental(
  sms: InboundSms,
  code: string | null,
  verified: boolean,
  rental: RentalItem,
  profile: UserItem | undefined,
  now: Date,
  /** The parts that make it happen at most once: each fails as `claimed` says. */
  claim: (message: MessageItem, claimed: () => Error) => TransactPart[] = newRecord(sms, rental, verified, now),
  /** The number it arrived on, whose SMS figures count it (not for an orphan handed on later: it was counted then). */
  countOn?: NumberFacts,
): Promise<{ outcome: 'delivered'; rental: RentalItem; message: MessageItem; notification?: NotificationItem } | 'claimed' | 'changed'> {
  const createdAt = now.toISOString();
  const message: MessageItem = {
    id: timeSortableId(now.getTime()),
    rentalId: rental.id,
    box: 'inbox',
    from: sms.from,
    to: sms.to,
    body: sms.body,
    ...(sms.receivedLength === undefined ? {} : { receivedLength: sms.receivedLength }),
    code,
    verified,
    createdAt,
    provider: sms.provider,
    providerMessageId: sms.providerMessageId,
    receivedAt: sms.receivedAt,
  };
  // Forwarding (e-mail, …): the records and the message's per-channel state go in with the SMS, once.
  const forwards = forwardingPlan(profile, message, now);
  if (forwards.state) message.forwarding = forwards.state;
  const lastMessage: NonNullable<RentalItem['lastMessage']> = { body: sms.body, code, from: sms.from, receivedAt: createdAt };
  // A text-only match is not offered as the code anywhere: not in the notification either.
  const notification =
    profile && wantsNotification(profile, 'new_message') ? newNotification(messageNotification(sms, verified ? code : null, rental)) : undefined;
  // The rental's first verified SMS counts for its renter's standing, once: conditioned on being the first.
  const first = verified && rental.messagesCount === 0;
  const changed = () => new ChangedMeanwhile();
  const parts: TransactPart[] = [
    ...claim(message, () => new ClaimedMeanwhile()),
    txPutNew(messageItem, { ...message, sub: rental.sub }, changed),
    countMessagePart(rental, { verified, first, lastMessage, at: createdAt }, changed),
    ...(first ? [requestPart(deliveredCount(rental.sub, now), changed)] : []),
    ...(countOn ? [countOnNumber(countOn, now)] : []),
    ...forwards.parts(changed),
    ...(notification ? notificationParts(rental.sub, notification, changed) : []),
  ];
  try {
    await transact(parts);
  } catch (error) {
    // Each part says what its failure means; the claim's come first, so a failed claim is said first.
    if (error instanceof ClaimedMeanwhile) return 'claimed';
    if (error instanceof ChangedMeanwhile) return 'changed';
    throw error;
  }

  const updated: RentalItem = verified ? { ...rental, messagesCount: rental.messagesCount + 1, lastMessage } : rental;
  await push(rental.sub, [
    { type: 'message', message: toMessage(message), rental: toRental(updated) },
    ...(notification ? [{ type: 'notification' as const, notification: toNotification(notification), unread_count: (profile?.unreadCount ?? 0) + 1 }] : []),
  ]);
  // OTP delivery latency: from receipt (`now`, when the upstream's webhook came in) to after the push.
  await recordStats({ kind: 'sms', routed: true, latencyMs: Date.now() - now.getTime() }, now); // never throws
  if (first && rental.typeId === NumberType.Temporary && rental.serviceId !== undefined) {
    // The activation's first code: its source delivered, this long after the purchase.
    const place = { source: deliverySourceOf(rental), countryId: rental.countryId, serviceId: rental.serviceId, purchasedAt: rental.startedAt };
    await recordDelivery({ kind: 'delivered', ...place, msToCode: now.getTime() - Date.parse(rental.startedAt) }, now); // never throws
  }
  await enqueueSmsWebhook(rental, message, now.getTime()); // never throws; the queue does the sending
  await enqueueForwards(forwards.jobs, now.getTime()); // never throws, likewise
  return { outcome: 'delivered', rental: updated, message, ...(notification ? { notification } : {}) };
}

/** The renter's notification of a new SMS (English words; `newMessage` and its values for the web's languages). */
function messageNotification(sms: InboundSms, code: string | null, rental: RentalItem) {
  const where = `${rental.e164}${rental.serviceName ? ` (${rental.serviceName})` : ''}`;
  const text = sms.body.length > 160 ? `${sms.body.slice(0, 157)}...` : sms.body;
  return {
    kind: 'message',
    title: 'New message',
    message: `${sms.from} to ${where}: ${text.trim() || (code ?? '(no text)')}`,
    key: 'newMessage',
    params: { from: sms.from, number: rental.e164, service: rental.serviceName ?? '', code: code ?? '', rentalId: rental.id },
  };
}

/** Push is best effort: the message is stored, and the web's polls catch up if a push is lost. */
async function push(sub: string, events: Parameters<typeof publish>[1][]): Promise<void> {
  const results = await Promise.allSettled(events.map((event) => publish(sub, event)));
  for (const result of results) {
    if (result.status === 'rejected') logger.error('push failed', { sub, error: String(result.reason) });
  }
}

/** Nobody's SMS: kept for operators under ORPHAN_SMS with the reason, together with its inbound record. */
async function storeOrphan(sms: InboundSms, code: string | null, reason: OrphanReason, phone: NumberFacts | undefined, now: Date): Promise<DeliveryResult> {
  const numberId = phone?.numberId;
  const orphan: OrphanSmsItem = {
    ...sms,
    id: timeSortableId(now.getTime()),
    reason,
    code,
    ...(numberId === undefined ? {} : { numberId }),
    createdAt: now.toISOString(),
  };
  try {
    await transact([
      txPutNew(inboundRecordItem, { ...recordFields(sms, now), outcome: 'orphan', orphanId: orphan.id, reason }, () => new StoredBefore()),
      txPutNew(orphanSmsItem, { ...orphan, status: 'open' }),
      ...(phone ? [countOnNumber(phone, now)] : []),
    ]);
  } catch (error) {
    if (!(error instanceof StoredBefore)) throw error;
    return { outcome: 'duplicate', record: await findInboundRecord(sms.provider, sms.providerMessageId) };
  }
  log('warn', { provider: sms.provider, providerMessageId: sms.providerMessageId, outcome: 'orphan', reason, numberId, to: sms.to, from: sms.from });
  await recordStats({ kind: 'sms', routed: false }, now); // never throws
  return { outcome: 'orphan', orphan };
}

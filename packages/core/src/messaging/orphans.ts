import type { OperatorRef, OrphanCandidate, OrphanMessage, OrphanStatus } from '@numbernest/contracts/ops';
import type { Page } from '../shared/db';
import { countItems, readItem, readPage, readPartition, transact, txDelete, txPut, type TransactPart } from '../shared/db/item';
import { inboundRecordItem, orphanSmsItem } from '../shared/db/items/inbound-sms';
import { numberLockItem } from '../shared/db/items/rentals';
import { ConflictError, NotFoundError } from '../shared/errors';
import { auditPart, findUser } from '../accounts';
import type { RentalItem } from '../rentals';
import { findRental } from '../rentals';
import { deliverToRental, recordFields } from './deliver';
import type { InboundSms, MessageItem, OrphanResolution, OrphanSmsItem } from './items';

/**
 * Orphan SMS, the operators' side: the open ones live in ORPHAN_SMS (and only they, so counting
 * them is one Query COUNT of that partition); an operator's decision moves one, in one transaction
 * with its audit entry, to ORPHAN_SMS_ASSIGNED or ORPHAN_SMS_DISMISSED. The move's Delete is
 * conditioned on the open item being there: of two decisions at once, exactly one happens.
 */

export type OrphanWithStatus = OrphanSmsItem & { status: OrphanStatus };

class OrphanResolvedError extends ConflictError {
  override name = 'OrphanResolvedError';
  constructor() {
    super('This SMS has already been assigned or dismissed', 'ORPHAN_SMS_RESOLVED');
  }
}

const notFound = () => new NotFoundError('Orphan SMS not found', 'ORPHAN_SMS_NOT_FOUND');

/** The orphans of one status, newest first, a page at a time. */
export async function listOrphans(options: { status?: OrphanStatus; limit?: number; cursor?: string } = {}): Promise<Page<OrphanWithStatus>> {
  const status = options.status ?? 'open';
  const page = await readPage(orphanSmsItem, { status, id: '' }, options.limit ?? 50, options.cursor, { descending: true });
  return { ...page, items: page.items.map((item) => ({ ...item, status })) };
}

/** How many orphans wait for an operator: a Query COUNT of the open partition (no items read back). */
export const countOrphanMessages = (): Promise<number> => countItems(orphanSmsItem, { status: 'open', id: '' });

/** One orphan wherever it is now (consistent reads of its three possible places). */
export async function findOrphan(id: string): Promise<OrphanWithStatus | undefined> {
  const statuses = ['open', 'assigned', 'dismissed'] as const;
  const found = await Promise.all(
    statuses.map(async (status) => {
      const item = await readItem(orphanSmsItem, { status, id }, { consistent: true });
      return item && { ...item, status };
    }),
  );
  return found.find(Boolean);
}

async function openOrphan(id: string): Promise<OrphanSmsItem> {
  const orphan = await findOrphan(id);
  if (!orphan) throw notFound();
  if (orphan.status !== 'open') throw new OrphanResolvedError();
  const { status: _status, ...item } = orphan;
  return item;
}

/** The rentals holding a number now: its number locks (one per service, or ALL for Private) name them. */
async function currentRentals(numberId: number, now: Date): Promise<RentalItem[]> {
  const locks = await readPartition(numberLockItem, { numberId }, { consistent: true, filter: { activeRentalId: { exists: true } } });
  const rentals = await Promise.all(locks.map((lock) => findRental(lock.activeSub!, lock.activeRentalId!)));
  return rentals.filter((r): r is RentalItem => !!r && r.status === 'active' && Date.parse(r.expiresAt) > now.getTime());
}

/**
 * Where an open orphan may go: the active rentals of its number now. Only these: an SMS is given to
 * whoever rents the number when the operator decides (the usual case: it came before the customer
 * rented the number), never to a rental that has ended.
 */
export async function orphanCandidates(id: string, now = new Date()): Promise<OrphanCandidate[]> {
  const orphan = await openOrphan(id);
  if (orphan.numberId === undefined) return [];
  const rentals = await currentRentals(orphan.numberId, now);
  const owners = await Promise.all(rentals.map((r) => findUser(r.sub)));
  return rentals.map((rental, i) => ({
    rental_id: rental.id,
    user: { sub: rental.sub, email: owners[i]?.email ?? '' },
    service: rental.serviceName ?? null,
    started_at: rental.startedAt,
    expires_at: rental.expiresAt,
  }));
}

const smsOf = (orphan: OrphanSmsItem): InboundSms => ({
  provider: orphan.provider,
  providerMessageId: orphan.providerMessageId,
  from: orphan.from,
  to: orphan.to,
  body: orphan.body,
  ...(orphan.receivedLength === undefined ? {} : { receivedLength: orphan.receivedLength }),
  receivedAt: orphan.receivedAt,
  ...(orphan.deviceId === undefined ? {} : { deviceId: orphan.deviceId }),
  ...(orphan.simNumber === undefined ? {} : { simNumber: orphan.simNumber }),
  ...(orphan.agentId === undefined ? {} : { agentId: orphan.agentId }),
});

/**
 * Gives an open orphan to one of the active rentals of its number, delivered EXACTLY as an SMS
 * routed on arrival (deliverToRental: message, the rental's counters, notification, push, customer
 * webhook), counted as the rental's verified SMS (the operator vouches for it: it counts for the
 * refund rules and the protocol's status). The claim in the same transaction: the open orphan's
 * conditioned Delete, its assigned copy, the inbound record now naming the message, the audit entry.
 */
export async function assignOrphan(id: string, rentalId: string, by: OperatorRef, now = new Date()): Promise<OrphanWithStatus> {
  const orphan = await openOrphan(id);
  const rental = orphan.numberId === undefined ? undefined : (await currentRentals(orphan.numberId, now)).find((r) => r.id === rentalId);
  if (!rental) throw new ConflictError('That rental does not hold this number now', 'RENTAL_NOT_ON_NUMBER');
  const sms = smsOf(orphan);
  let assigned: OrphanSmsItem | undefined;
  const claim = (message: MessageItem, claimed: () => Error): TransactPart[] => {
    const resolved: OrphanResolution = { at: now.toISOString(), by, rentalId: rental.id, sub: rental.sub, messageId: message.id };
    assigned = { ...orphan, resolved };
    return [
      txDelete(orphanSmsItem, { status: 'open', id }, { ifExists: true, onConditionFailed: claimed }),
      txPut(orphanSmsItem, { ...assigned, status: 'assigned' }, { onConditionFailed: claimed }),
      // The upstream's id now names the message (a replay is answered as delivered); its time and expiry stay the first ones.
      txPut(
        inboundRecordItem,
        {
          ...recordFields(sms, new Date(orphan.createdAt)),
          outcome: 'delivered',
          sub: rental.sub,
          rentalId: rental.id,
          messageId: message.id,
          verified: true,
          orphanId: id,
        },
        { onConditionFailed: claimed },
      ),
      auditPart(
        {
          operator: by,
          action: 'orphan-sms.assign',
          target: { type: 'orphan-sms', id },
          before: { status: 'open' },
          after: { status: 'assigned', rental_id: rental.id, user: rental.sub, message_id: message.id },
        },
        now,
        claimed,
      ),
    ];
  };
  const result = await deliverToRental(sms, orphan.code, true, rental, await findUser(rental.sub), now, claim);
  if (result === 'claimed') throw new OrphanResolvedError();
  if (result === 'changed') throw new ConflictError('The rental ended meanwhile', 'RENTAL_ENDED');
  return { ...assigned!, status: 'assigned' };
}

/** Sets an open orphan aside (audited in the same transaction); it stays listed under `dismissed`. */
export async function dismissOrphan(id: string, reason: string | undefined, by: OperatorRef, now = new Date()): Promise<OrphanWithStatus> {
  const orphan = await openOrphan(id);
  const dismissed: OrphanSmsItem = { ...orphan, resolved: { at: now.toISOString(), by, ...(reason ? { reason } : {}) } };
  await transact([
    txDelete(orphanSmsItem, { status: 'open', id }, { ifExists: true, onConditionFailed: () => new OrphanResolvedError() }),
    txPut(orphanSmsItem, { ...dismissed, status: 'dismissed' }, { onConditionFailed: () => new OrphanResolvedError() }),
    auditPart(
      {
        operator: by,
        action: 'orphan-sms.dismiss',
        target: { type: 'orphan-sms', id },
        before: { status: 'open' },
        after: { status: 'dismissed' },
        ...(reason ? { reason } : {}),
      },
      now,
      () => new OrphanResolvedError(),
    ),
  ]);
  return { ...dismissed, status: 'dismissed' };
}

/** The wire shape of an orphan. */
export function toOrphanMessage(orphan: OrphanWithStatus): OrphanMessage {
  const resolved = orphan.resolved;
  return {
    id: orphan.id,
    status: orphan.status,
    number: orphan.to,
    number_id: orphan.numberId ?? null,
    from: orphan.from,
    text: orphan.body,
    code: orphan.code,
    reason: orphan.reason,
    received_at: orphan.receivedAt,
    created_at: orphan.createdAt,
    upstream: {
      provider: orphan.provider,
      message_id: orphan.providerMessageId,
      device_id: orphan.deviceId ?? null,
      sim: orphan.simNumber ?? null,
      agent_id: orphan.agentId ?? null,
    },
    resolved: resolved
      ? { at: resolved.at, by: resolved.by, reason: resolved.reason ?? null, rental_id: resolved.rentalId ?? null, message_id: resolved.messageId ?? null }
      : null,
  };
}

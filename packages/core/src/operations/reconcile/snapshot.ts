import type * as z from 'zod/mini';
import { itemOf, scanTable } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { ledgerEntryItem } from '../../shared/db/items/ledger';
import { payoutItem, topUpInReviewItem, topUpItem, transferItem } from '../../shared/db/items/money';
import { messageItem } from '../../shared/db/items/messages';
import { inboundRecordItem, orphanSmsItem } from '../../shared/db/items/inbound-sms';
import { numberLockItem, rentalItem } from '../../shared/db/items/rentals';
import { standingItem } from '../../shared/db/items/standing';
import { agentFinishItem } from '../../shared/db/items/rentals-agent-finish';
import { upstreamEndItem } from '../../shared/db/items/rentals-upstream';
import { subOfPartition } from '../../accounts';

type Of<T extends { schema: z.ZodMiniType }> = z.infer<T['schema']>;

/** Every item the reconciliation reads, by kind (one consistent scan of the table). */
export interface Snapshot {
  profiles: Of<typeof userProfileItem>[];
  /** Each user's entries in chain order. */
  entries: Map<string, Of<typeof ledgerEntryItem>[]>;
  topUps: Map<string, Of<typeof topUpItem>>;
  rentals: Map<string, Of<typeof rentalItem>>;
  /** Messages by id, with their owner. */
  messages: Map<string, Of<typeof messageItem> & { sub: string }>;
  transfers: Map<string, Of<typeof transferItem>>;
  locks: Array<Of<typeof numberLockItem> & { numberId: number; lock: string }>;
  inbound: Of<typeof inboundRecordItem>[];
  orphans: Map<string, Of<typeof orphanSmsItem>>;
  /** The top-up ids the operators' review queue names. */
  reviewQueue: string[];
  /** Each account's standing counters (holdings and recent outcomes), by sub. */
  standings: Map<string, Of<typeof standingItem>>;
  /** How each activation a partner's agent served ended, as the agent is told it, by rental id. */
  agentFinishes: Map<string, Of<typeof agentFinishItem>>;
  /** Partners' payouts, by id. */
  payouts: Map<string, Of<typeof payoutItem>>;
  /** How each upstream activation's end was carried to its upstream (and numbers bought and not sold), by rental id. */
  upstreamEnds: Map<string, Of<typeof upstreamEndItem>>;
}

/** Parallel segments: a stage's table is scanned in a fraction of the time one cursor takes. */
const segments = 4;

/**
 * Reads the whole table (strongly consistent) into a snapshot. An operator's tool: a scan, never on
 * a request path. Items are not read at one instant, so run it when no traffic moves money (the
 * end of a test run or a bench; on a stage, a quiet moment), or read a finding twice.
 */
export async function readSnapshot(): Promise<Snapshot> {
  const snapshot: Snapshot = {
    profiles: [],
    entries: new Map(),
    topUps: new Map(),
    rentals: new Map(),
    messages: new Map(),
    transfers: new Map(),
    locks: [],
    inbound: [],
    orphans: new Map(),
    reviewQueue: [],
    standings: new Map(),
    agentFinishes: new Map(),
    payouts: new Map(),
    upstreamEnds: new Map(),
  };
  const pages = await Promise.all(Array.from({ length: segments }, (_, segment) => scanSegment(segment)));
  for (const row of pages.flat()) classify(row, snapshot);
  for (const list of snapshot.entries.values()) list.sort((a, b) => a.seq - b.seq);
  return snapshot;
}

async function scanSegment(segment: number): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const page of scanTable({ segment: [segment, segments], consistent: true })) rows.push(...page);
  return rows;
}

/** Each row parsed by the item type its keys name (one scan of the table, sorted here rather than scanned once per type). */
function classify(row: Record<string, unknown>, s: Snapshot): void {
  const { pk, sk } = row;
  if (typeof pk !== 'string' || typeof sk !== 'string') return;
  const sub = subOfPartition(pk);
  let profile, entry, rental, message, transfer, standing, topUp, lock, inbound, orphan, review, finish, payout, upstreamEnd;
  if ((profile = itemOf(userProfileItem, row))) s.profiles.push(profile);
  else if ((entry = itemOf(ledgerEntryItem, row))) s.entries.set(sub, [...(s.entries.get(sub) ?? []), entry]);
  else if ((rental = itemOf(rentalItem, row))) s.rentals.set(rental.id, rental);
  else if ((message = itemOf(messageItem, row))) s.messages.set(message.id, { ...message, sub });
  else if ((transfer = itemOf(transferItem, row))) s.transfers.set(transfer.id, transfer);
  else if ((standing = itemOf(standingItem, row))) s.standings.set(sub, standing);
  else if ((topUp = itemOf(topUpItem, row))) s.topUps.set(topUp.id, topUp);
  else if ((lock = itemOf(numberLockItem, row))) s.locks.push({ ...lock, numberId: Number(pk.slice('NUMBER_LOCK#'.length)), lock: sk });
  else if ((inbound = itemOf(inboundRecordItem, row))) s.inbound.push(inbound);
  // Open and dismissed orphans are still stored as orphans; an assigned one became a message (its record says which).
  else if ((orphan = itemOf(orphanSmsItem, row, { status: 'open' }) ?? itemOf(orphanSmsItem, row, { status: 'dismissed' }))) s.orphans.set(sk, orphan);
  else if ((review = itemOf(topUpInReviewItem, row))) s.reviewQueue.push(review.topUpId);
  else if ((finish = itemOf(agentFinishItem, row))) s.agentFinishes.set(finish.rentalId, finish);
  else if ((upstreamEnd = itemOf(upstreamEndItem, row))) s.upstreamEnds.set(upstreamEnd.rentalId, upstreamEnd);
  // The partition of all payouts (its copies in the partners' partitions and the queue are not counted again).
  else if ((payout = itemOf(payoutItem, row))) s.payouts.set(payout.id, payout);
}

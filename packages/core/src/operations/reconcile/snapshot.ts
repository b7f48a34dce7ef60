import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db';
import type { LedgerEntry, TopUpItem, TransferItem } from '../../money';
import type { InboundRecord, MessageItem, OrphanSmsItem } from '../../messaging';
import { topUpKeys } from '../../money';
import type { NumberLockItem, RentalItem, StandingCounters } from '../../rentals';
import type { UserItem } from '../../accounts';
import { subOfPartition } from '../../accounts';

/** Every item the reconciliation reads, by kind (one consistent scan of the table). */
export interface Snapshot {
  profiles: UserItem[];
  /** Each user's entries in chain order. */
  entries: Map<string, LedgerEntry[]>;
  topUps: Map<string, TopUpItem>;
  rentals: Map<string, RentalItem>;
  /** Messages by id, with their owner. */
  messages: Map<string, MessageItem & { sub: string }>;
  transfers: Map<string, TransferItem>;
  locks: Array<NumberLockItem & { numberId: number; lock: string }>;
  inbound: InboundRecord[];
  orphans: Map<string, OrphanSmsItem>;
  /** The top-up ids the operators' review queue names. */
  reviewQueue: string[];
  /** Each account's standing counters (holdings and recent outcomes), by sub. */
  standings: Map<string, StandingCounters>;
}

type Row = Record<string, unknown> & { pk: string; sk: string };

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
  };
  const pages = await Promise.all(Array.from({ length: segments }, (_, segment) => scanSegment(segment)));
  for (const row of pages.flat()) classify(row, snapshot);
  for (const list of snapshot.entries.values()) list.sort((a, b) => a.seq - b.seq);
  return snapshot;
}

async function scanSegment(segment: number): Promise<Row[]> {
  const rows: Row[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), Segment: segment, TotalSegments: segments, ConsistentRead: true, ExclusiveStartKey }));
    rows.push(...((page.Items ?? []) as Row[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return rows;
}

function classify(row: Row, s: Snapshot): void {
  const { pk, sk, ...item } = row;
  if (pk.startsWith('USER#')) {
    const sub = subOfPartition(pk);
    if (sk === 'PROFILE') s.profiles.push(item as unknown as UserItem);
    else if (sk.startsWith('LEDGER#')) s.entries.set(sub, [...(s.entries.get(sub) ?? []), item as unknown as LedgerEntry]);
    else if (sk.startsWith('RENTAL#')) s.rentals.set(item.id as string, item as unknown as RentalItem);
    else if (sk.startsWith('MESSAGE#')) s.messages.set(item.id as string, { ...(item as unknown as MessageItem), sub });
    else if (sk.startsWith('TRANSFER#')) s.transfers.set(item.id as string, item as unknown as TransferItem);
    else if (sk === 'STANDING') s.standings.set(sub, item);
  } else if (pk.startsWith('TOPUP#') && sk === 'TOPUP') s.topUps.set(item.id as string, item as unknown as TopUpItem);
  else if (pk.startsWith('NUMBER_LOCK#')) s.locks.push({ ...(item as NumberLockItem), numberId: Number(pk.slice('NUMBER_LOCK#'.length)), lock: sk });
  else if (pk.startsWith('SMS#') && sk === 'SMS') s.inbound.push(item as unknown as InboundRecord);
  // Open and dismissed orphans are still stored as orphans; an assigned one became a message (its record says which).
  else if (pk === 'ORPHAN_SMS' || pk === 'ORPHAN_SMS_DISMISSED') s.orphans.set(sk, item as unknown as OrphanSmsItem);
  else if (pk === topUpKeys.reviewQueue) s.reviewQueue.push(String(item.topUpId));
}

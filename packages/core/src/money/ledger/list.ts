import type { LedgerKind } from '@numbernest/contracts';
import { readPartition } from '../../shared/db';
import { ledgerEntryItem } from '../../shared/db/items/ledger';
import type { LedgerEntry } from './items';
import { ledgerKeys } from './keys';

export interface EntryFilter {
  kind?: LedgerKind;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/** A user's chain: their partition's entries (the sequence number is not needed to name a partition). */
const chainOf = (sub: string) => ({ sub, seq: 0 });

/**
 * A user's entries newest first, filtered, `skip` matching ones skipped and at most `take`
 * returned; `more` says whether another matching entry follows. Reads the chain backwards until
 * enough match (callers cap `skip`, as pages are capped).
 */
export async function listEntries(sub: string, filter: EntryFilter, skip: number, take: number): Promise<{ entries: LedgerEntry[]; more: boolean }> {
  const found = await readPartition(ledgerEntryItem, chainOf(sub), {
    skPrefix: ledgerKeys.entryPrefix,
    descending: true,
    filter: {
      ...(filter.kind ? { kind: { equals: filter.kind } } : {}),
      // Both bounds are on createdAt: one group each.
      allOf: [...(filter.from ? [{ createdAt: { notBefore: filter.from } }] : []), ...(filter.to ? [{ createdAt: { notAfter: filter.to } }] : [])],
    },
    limit: skip + take + 1,
    pageSize: 25,
  });
  return { entries: found.slice(skip, skip + take), more: found.length > skip + take };
}

/** Every entry of a user, oldest first, strongly consistent (the checker; tests). */
export function allEntries(sub: string): Promise<LedgerEntry[]> {
  return readPartition(ledgerEntryItem, chainOf(sub), { skPrefix: ledgerKeys.entryPrefix, consistent: true });
}

import type { LedgerKind } from '@numbernest/contracts';
import { queryAll, queryAtMost, withoutKeys } from '../../shared/db';
import { userPartition } from '../../accounts';
import type { LedgerEntry } from './items';
import { ledgerKeys } from './keys';

export interface EntryFilter {
  kind?: LedgerKind;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

const chainOf = (sub: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': ledgerKeys.entryPrefix } as Record<string, unknown>,
});

/**
 * A user's entries newest first, filtered, `skip` matching ones skipped and at most `take`
 * returned; `more` says whether another matching entry follows. Reads the chain backwards until
 * enough match (callers cap `skip`, as pages are capped).
 */
export async function listEntries(sub: string, filter: EntryFilter, skip: number, take: number): Promise<{ entries: LedgerEntry[]; more: boolean }> {
  const chain = chainOf(sub);
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  if (filter.kind) {
    conditions.push('#kind = :kind');
    names['#kind'] = 'kind';
    chain.ExpressionAttributeValues[':kind'] = filter.kind;
  }
  if (filter.from) {
    conditions.push('createdAt >= :from');
    chain.ExpressionAttributeValues[':from'] = filter.from;
  }
  if (filter.to) {
    conditions.push('createdAt <= :to');
    chain.ExpressionAttributeValues[':to'] = filter.to;
  }
  const found = await queryAtMost<LedgerEntry>(
    {
      ...chain,
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ScanIndexForward: false,
    },
    skip + take + 1,
    25,
  );
  return { entries: found.slice(skip, skip + take).map((item) => withoutKeys(item)), more: found.length > skip + take };
}

/** Every entry of a user, oldest first, strongly consistent (the checker; tests). */
export async function allEntries(sub: string): Promise<LedgerEntry[]> {
  return (await queryAll<LedgerEntry>({ ...chainOf(sub), ConsistentRead: true })).map((item) => withoutKeys(item));
}

import type { LedgerKind } from '@numbernest/contracts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, withoutKeys } from '../db';
import { userPartition } from '../user/keys';
import type { LedgerEntry } from './items';
import { ledgerKeys } from './keys';

export interface EntryFilter {
  kind?: LedgerKind;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/**
 * A user's entries newest first, filtered, `skip` matching ones skipped and at most `take`
 * returned; `more` says whether another matching entry follows. Reads pages of the chain until
 * enough match (entries are few per user; pages are capped by the caller).
 */
export async function listEntries(sub: string, filter: EntryFilter, skip: number, take: number): Promise<{ entries: LedgerEntry[]; more: boolean }> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': userPartition(sub), ':prefix': ledgerKeys.entryPrefix };
  const names: Record<string, string> = {};
  if (filter.kind) {
    conditions.push('#kind = :kind');
    names['#kind'] = 'kind';
    values[':kind'] = filter.kind;
  }
  if (filter.from) {
    conditions.push('createdAt >= :from');
    values[':from'] = filter.from;
  }
  if (filter.to) {
    conditions.push('createdAt <= :to');
    values[':to'] = filter.to;
  }
  const wanted = skip + take + 1;
  const found: LedgerEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: Math.min(Math.max(wanted - found.length, 25), 500),
        ExclusiveStartKey,
      }),
    );
    found.push(...((page.Items ?? []) as LedgerEntry[]).map((item) => withoutKeys(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < wanted);
  return { entries: found.slice(skip, skip + take), more: found.length > skip + take };
}

/** Every entry of a user, oldest first (the checker; tests). */
export async function allEntries(sub: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': ledgerKeys.entryPrefix },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    entries.push(...((page.Items ?? []) as LedgerEntry[]).map((item) => withoutKeys(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries;
}

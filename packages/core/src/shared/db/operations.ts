import { BatchGetCommand, BatchWriteCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

/** An Update's parts (SET and REMOVE clauses, values), to join with other changes of the same item. */
export interface UpdateParts {
  set: string[];
  remove: string[];
  values: Record<string, unknown>;
}

/** `SET a, b REMOVE c` of Update parts (either may be empty). */
export const updateExpression = ({ set, remove }: Pick<UpdateParts, 'set' | 'remove'>) =>
  [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].join(' ').trim();

/** An item as the domain sees it: without the table's key attributes. */
export function withoutKeys<T extends object>(item: T & Partial<Key>): T {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}

export async function getItem<T extends object>(key: Key): Promise<T | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item as T | undefined;
}

/** Every item of a Query, following LastEvaluatedKey (lists here are small, but never truncated). */
export async function queryAll<T extends object>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * The first `count` items a Query yields (after its filter), following LastEvaluatedKey only as far
 * as needed; each page asks for what is still missing (at least `minPage`, so a sparse filter does
 * not crawl one item at a time).
 */
export async function queryAtMost<T extends object>(input: Omit<QueryCommandInput, 'TableName' | 'Limit'>, count: number, minPage = 1): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const Limit = Math.min(Math.max(count - items.length, minPage), 1000);
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), Limit, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < count);
  return items.slice(0, count);
}

/** A page of a Query and where the next one starts (an opaque cursor; undefined on the last page). */
export interface Page<T> {
  items: T[];
  cursor?: string;
}

/** The cursor a client hands back: the page's LastEvaluatedKey, base64url JSON. */
const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);

/** A cursor of `pk`'s partition back to its key; a cursor that is not one -> undefined (the first page). */
function decodeCursor(cursor: string | undefined, pk: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    return key && typeof key === 'object' && key.pk === pk && typeof key.sk === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One page of `count` items of a Query on partition `pk` (a filter may make it shorter), from the
 * cursor of the page before. The cursor names only keys of `pk`, so a forged one reads nothing else.
 */
export async function queryPage<T extends object>(
  pk: string,
  input: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  count: number,
  cursor?: string,
): Promise<Page<T>> {
  const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), Limit: count, ExclusiveStartKey: decodeCursor(cursor, pk) }));
  const next = encodeCursor(page.LastEvaluatedKey);
  return { items: (page.Items ?? []) as T[], ...(next ? { cursor: next } : {}) };
}

/** How many items one partition holds (sort keys starting with `skPrefix`, if given): a COUNT Query, no items read back. */
export function countPartition(pk: string, skPrefix?: string): Promise<number> {
  return countQuery({
    KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':prefix': skPrefix } : {}) },
  });
}

/** How many items a Query yields (after its filter), none read back: its pages' counts added up. */
export async function countQuery(input: Omit<QueryCommandInput, 'TableName' | 'Select'>): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** All items of one partition, optionally only sort keys starting with `skPrefix`. */
export function queryPartition<T extends object>(pk: string, skPrefix?: string): Promise<T[]> {
  return queryAll<T>(
    skPrefix
      ? {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        }
      : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } },
  );
}

const chunk = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Retries what DynamoDB leaves unprocessed, with a short growing pause. */
async function untilProcessed<T>(first: T, send: (req: T) => Promise<T | undefined>): Promise<void> {
  let pending: T | undefined = first;
  for (let attempt = 0; pending; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** attempt, 2000)));
    if (attempt > 8) throw new Error('DynamoDB kept items unprocessed after 8 retries');
    pending = await send(pending);
  }
}

/** BatchGet in chunks of 100; order of the result is not the order of `keys`. */
export async function batchGetAll<T extends object>(keys: readonly Key[]): Promise<T[]> {
  const found: T[] = [];
  for (const part of chunk(keys, 100)) {
    await untilProcessed<Key[]>(part, async (pending) => {
      const table = tableName();
      const reply = await db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      found.push(...((reply.Responses?.[table] ?? []) as T[]));
      const left = reply.UnprocessedKeys?.[table]?.Keys as Key[] | undefined;
      return left?.length ? left : undefined;
    });
  }
  return found;
}

/** Plain Puts in chunks of 25 (overwrites: writing the same items twice leaves the same data). */
export async function batchPutAll(items: readonly object[], concurrency = 4): Promise<void> {
  const parts = chunk(items, 25);
  const worker = async () => {
    for (let part = parts.shift(); part; part = parts.shift()) {
      type Requests = { PutRequest: { Item: object } }[];
      await untilProcessed<Requests>(
        part.map((Item) => ({ PutRequest: { Item } })),
        async (pending) => {
          const table = tableName();
          const reply = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          const left = reply.UnprocessedItems?.[table] as Requests | undefined;
          return left?.length ? left : undefined;
        },
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

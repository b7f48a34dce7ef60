import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

/**
 * The item layer against DynamoDB Local: reads parse, conditions are said by intent, and a failed
 * condition throws the error of the write that carried it, given the item as it is.
 */
const {
  defineItem,
  transact,
  MalformedItemError,
  readItem,
  readPartition,
  readPage,
  countItems,
  createItem,
  updateItem,
  deleteItem,
  putItem,
  updateItemReturningOld,
  deleteItemReturningOld,
  txUpdate,
  txDelete,
  txPutNew,
  txConditionCheck,
  readIndexOnce,
  db,
  tableName,
  readPartitionKeyed,
  readIndexKeyed,
  transactOrFailures,
  failedParts,
  scanPage,
  scanPages,
  scanTable,
  itemOf,
} = await import('@numbernest/core/db');
const z = await import('zod/mini');
const { GetCommand, PutCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

/** A counter of this test file's own partition (so other files and the reconciliation never see it). */
const counter = defineItem({
  name: 'test counter',
  owner: 'shared',
  key: ({ id, n }: { id: string; n: number }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: `COUNTER#${String(n).padStart(4, '0')}` }),
  schema: z.object({ id: z.string(), n: z.int(), count: z.int(), label: z.optional(z.string()) }),
});

class Refused extends Error {
  constructor(readonly current: unknown) {
    super('refused');
  }
}

describe('item layer', () => {
  it('names the item type when a stored item does not parse', async () => {
    const id = randomUUID();
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...counter.key({ id, n: 1 }), id, n: 1, count: 'three' } }));
    const read = readItem(counter, { id, n: 1 });
    await expect(read).rejects.toBeInstanceOf(MalformedItemError);
    await expect(read).rejects.toThrow(/stored test counter does not parse/);
  });

  it('creates only once, and updates by intent under conditions', async () => {
    const id = randomUUID();
    expect(await createItem(counter, { id, n: 1, count: 1 })).toBe(true);
    expect(await createItem(counter, { id, n: 1, count: 9 })).toBe(false);
    await expect(createItem(counter, { id, n: 1, count: 9 }, { onConditionFailed: (current) => new Refused(current) })).rejects.toMatchObject({
      current: { id, n: 1, count: 1 },
    });

    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 4 }, set: { label: 'five' }, when: { count: { atLeast: 1 } } })).toEqual({
      id,
      n: 1,
      count: 5,
      label: 'five',
    });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { count: { lessThan: 5 } } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { count: { atMost: 4 } } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { label: { absent: true } } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { remove: ['label'], when: { label: { equals: 'five' } } })).toEqual({ id, n: 1, count: 5 });
    // Only an existing item is updated, unless ifExists is false.
    expect(await updateItem(counter, { id, n: 2 }, { add: { count: 1 } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 2 }, { add: { count: 1 }, set: { id, n: 2 }, ifExists: false })).toEqual({ id, n: 2, count: 1 });
    // A counter starting from its own first value: a missing attribute counts as `from`.
    expect(await updateItem(counter, { id, n: 3 }, { addFrom: { count: { from: 100, by: 1 } }, set: { id, n: 3 }, ifExists: false })).toEqual({
      id,
      n: 3,
      count: 101,
    });
    expect(await updateItem(counter, { id, n: 3 }, { addFrom: { count: { from: 100, by: 1 } } })).toEqual({ id, n: 3, count: 102 });

    // A range condition, and a TTL set outright (the record's own attribute, outside the schema).
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { count: { between: [6, 9] } } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { set: { label: 'ttl' }, expiresAt: 4_000_000_000, when: { count: { between: [5, 5] } } })).toEqual({
      id,
      n: 1,
      count: 5,
      label: 'ttl',
    });
    const { Item: stored } = await db.send(new GetCommand({ TableName: tableName(), Key: counter.key({ id, n: 1 }), ConsistentRead: true }));
    expect(stored?.expiresAt).toBe(4_000_000_000);
    expect(await deleteItem(counter, { id, n: 1 }, { when: { count: { equals: 6 } } })).toBe(false);
    expect(await deleteItem(counter, { id, n: 1 }, { when: { count: { equals: 5 } } })).toBe(true);
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toBeUndefined();
  });

  it('appends to lists, sets only what is unset, and reads only a summary type’s attributes', async () => {
    const id = randomUUID();
    const noteKey = ({ id, n }: { id: string; n: number }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: `NOTE#${n}` });
    const note = defineItem({
      name: 'test note',
      owner: 'shared',
      key: noteKey,
      schema: z.object({ id: z.string(), n: z.int(), title: z.string(), lines: z.optional(z.array(z.string())), firstAt: z.optional(z.string()) }),
    });
    const noteTitle = defineItem({ name: 'test note title', owner: 'shared', key: noteKey, schema: z.strictObject({ n: z.int(), title: z.string() }) });
    await createItem(note, { id, n: 1, title: 'one' });
    await updateItem(note, { id, n: 1 }, { append: { lines: ['a'] }, setIfUnset: { firstAt: 't1' } });
    expect(await updateItem(note, { id, n: 1 }, { append: { lines: ['b', 'c'] }, setIfUnset: { firstAt: 't2' } })).toEqual({
      id,
      n: 1,
      title: 'one',
      lines: ['a', 'b', 'c'],
      firstAt: 't1',
    });
    // The summary reads its own attributes only (its strict schema would refuse the note's others, keys included).
    expect(await readPartition(noteTitle, { id, n: 0 }, { schemaOnly: true, consistent: true })).toEqual([{ n: 1, title: 'one' }]);
    await expect(readPartition(noteTitle, { id, n: 0 }, { consistent: true })).rejects.toBeInstanceOf(MalformedItemError);
  });

  it('throws the failing part’s own error given the current item, and writes nothing', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1 });
    await createItem(counter, { id, n: 2, count: 2 });
    const attempt = transact([
      txUpdate(counter, { id, n: 1 }, { add: { count: 1 }, onConditionFailed: () => new Error('not this one') }),
      txUpdate(counter, { id, n: 2 }, { add: { count: -3 }, when: { count: { atLeast: 3 } }, onConditionFailed: (current) => new Refused(current) }),
      txPutNew(counter, { id, n: 3, count: 0 }, () => new Error('nor this one')),
    ]);
    await expect(attempt).rejects.toBeInstanceOf(Refused);
    await expect(attempt).rejects.toMatchObject({ current: { id, n: 2, count: 2 } });
    expect(await readPartition(counter, { id, n: 0 }, { consistent: true })).toEqual([
      { id, n: 1, count: 1 },
      { id, n: 2, count: 2 },
    ]);

    const missing = transact([txConditionCheck(counter, { id, n: 9 }, { onConditionFailed: (current) => new Refused(current) })]);
    await expect(missing).rejects.toMatchObject({ current: undefined });
  });

  it('retries a transaction that only collided with another one', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 0 });
    const bump = () => transact([txUpdate(counter, { id, n: 1 }, { add: { count: 1 }, onConditionFailed: () => new Error('exists') })], 20);
    await Promise.all(Array.from({ length: 8 }, bump));
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toMatchObject({ count: 8 });
  });

  it('pages a partition, and a cursor of another partition reads the first page', async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    for (const n of [1, 2, 3]) {
      await createItem(counter, { id: mine, n, count: n });
      await createItem(counter, { id: theirs, n, count: n });
    }
    const first = await readPage(counter, { id: mine, n: 0 }, 2, undefined);
    expect(first.items.map((item) => item.n)).toEqual([1, 2]);
    const second = await readPage(counter, { id: mine, n: 0 }, 2, first.cursor);
    expect(second.items.map((item) => item.n)).toEqual([3]);

    const ofTheirs = (await readPage(counter, { id: theirs, n: 0 }, 1, undefined)).cursor;
    const forged = await readPage(counter, { id: mine, n: 0 }, 2, ofTheirs);
    expect(forged.items.map((item) => [item.id, item.n])).toEqual([
      [mine, 1],
      [mine, 2],
    ]);
    expect(await countItems(counter, { id: mine, n: 0 })).toBe(3);
    expect(await readPartition(counter, { id: mine, n: 0 }, { descending: true, skFrom: 'COUNTER#0002' })).toHaveLength(2);
  });

  it('writes nothing when an Update by intent would collide with a direct write meanwhile', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1 });
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counter.key({ id, n: 1 }),
        UpdateExpression: 'SET #c = :c',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':c': 7 },
      }),
    );
    await expect(
      updateItem(counter, { id, n: 1 }, { set: { count: 2 }, when: { count: { equals: 1 } }, onConditionFailed: (current) => new Refused(current) }),
    ).rejects.toMatchObject({
      current: { count: 7 },
    });
  });

  it('compares strings (ISO times) with notAfter', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1, label: '2026-05-01T00:00:00.000Z' });
    const later = { label: { notAfter: '2026-04-30T23:59:59.999Z' } };
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: later })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { label: { notAfter: '2026-06-01T00:00:00.000Z' } } })).toMatchObject({
      count: 2,
    });
  });

  it('compares strings strictly with lessThan', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1, label: '2026-05-01T00:00:00.000Z' });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { label: { lessThan: '2026-05-01T00:00:00.000Z' } } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { label: { lessThan: '2026-05-01T00:00:00.001Z' } } })).toMatchObject({
      count: 2,
    });
  });

  it('compares strings with after', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1, label: '2026-05-01T00:00:00.000Z' });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { label: { after: '2026-05-01T00:00:00.000Z' } } })).toBeUndefined();
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: { label: { after: '2026-04-30T23:59:59.999Z' } } })).toMatchObject({
      count: 2,
    });
  });

  it('sets entries inside a map, only while the map exists', async () => {
    const id = randomUUID();
    const states = defineItem({
      name: 'test states',
      owner: 'shared',
      key: ({ id }: { id: string }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: 'STATES' }),
      schema: z.object({ id: z.string(), states: z.optional(z.record(z.string(), z.object({ n: z.int() }))) }),
    });
    await createItem(states, { id });
    const change = { setEntries: { states: { a: { n: 1 } } }, when: { states: { exists: true as const } }, ifExists: false };
    expect(await updateItem(states, { id }, change)).toBeUndefined();
    await putItem(states, { id, states: { b: { n: 2 } } });
    expect(await updateItem(states, { id }, change)).toEqual({ id, states: { a: { n: 1 }, b: { n: 2 } } });
  });

  it('deletes in a transaction only an item that is there, with ifExists', async () => {
    const id = randomUUID();
    const gone = new Error('gone');
    await expect(transact([txDelete(counter, { id, n: 1 }, { ifExists: true, onConditionFailed: () => gone })])).rejects.toBe(gone);
    await createItem(counter, { id, n: 1, count: 1 });
    await transact([txDelete(counter, { id, n: 1 }, { ifExists: true, onConditionFailed: () => gone })]);
    expect(await readItem(counter, { id, n: 1 })).toBeUndefined();
  });

  it('conditions on one of several values, and on a list’s length', async () => {
    const id = randomUUID();
    const note = defineItem({
      name: 'test note',
      owner: 'shared',
      key: ({ id }: { id: string }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: 'NOTE' }),
      schema: z.object({ id: z.string(), status: z.enum(['draft', 'sent', 'read']), lines: z.array(z.string()) }),
    });
    await createItem(note, { id, status: 'draft', lines: ['a', 'b'] });
    expect(await updateItem(note, { id }, { set: { status: 'read' }, when: { status: { oneOf: ['sent', 'read'] } } })).toBeUndefined();
    expect(await updateItem(note, { id }, { set: { status: 'sent' }, when: { status: { oneOf: ['draft', 'sent'] } } })).toMatchObject({ status: 'sent' });
    expect(await deleteItem(note, { id }, { when: { lines: { sizeEquals: 1 } } })).toBe(false);
    expect(await deleteItem(note, { id }, { when: { lines: { sizeEquals: 2 } } })).toBe(true);
  });

  it('stores only the schema’s attributes of an item that says so, not its key arguments', async () => {
    const id = randomUUID();
    const pointer = defineItem({
      name: 'test pointer',
      owner: 'shared',
      key: ({ from, to }: { from: string; to: string }) => ({ pk: `ITEM_LAYER_TEST#${from}`, sk: `POINTER#${to}` }),
      schema: z.object({ to: z.string() }),
      schemaAttributesOnly: true,
    });
    await createItem(pointer, { from: id, to: 'there' });
    const { Item: stored } = await db.send(new GetCommand({ TableName: tableName(), Key: pointer.key({ from: id, to: 'there' }), ConsistentRead: true }));
    expect(stored).toEqual({ ...pointer.key({ from: id, to: 'there' }), to: 'there' });
  });

  it('answers the item as it was before a change, and undefined when its condition failed', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1, label: 'one' });
    expect(await updateItemReturningOld(counter, { id, n: 1 }, { add: { count: 1 }, remove: ['label'] })).toEqual({ id, n: 1, count: 1, label: 'one' });
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toEqual({ id, n: 1, count: 2 });
    expect(await updateItemReturningOld(counter, { id, n: 2 }, { add: { count: 1 } })).toBeUndefined();
    expect(await readItem(counter, { id, n: 2 }, { consistent: true })).toBeUndefined();
  });

  it('answers a deleted item as it was, and undefined when there was none or its condition failed', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1 });
    expect(await deleteItemReturningOld(counter, { id, n: 1 }, { when: { count: { equals: 2 } } })).toBeUndefined();
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toEqual({ id, n: 1, count: 1 });
    expect(await deleteItemReturningOld(counter, { id, n: 1 })).toEqual({ id, n: 1, count: 1 });
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toBeUndefined();
    expect(await deleteItemReturningOld(counter, { id, n: 1 })).toBeUndefined();
  });

  it('reads at most `limit` items of a partition, in sort order or newest first', async () => {
    const id = randomUUID();
    for (let n = 1; n <= 5; n++) await createItem(counter, { id, n, count: n });
    const counts = async (options: { limit: number; descending?: boolean }) => (await readPartition(counter, { id, n: 0 }, options)).map((item) => item.count);
    expect(await counts({ limit: 3 })).toEqual([1, 2, 3]);
    expect(await counts({ limit: 2, descending: true })).toEqual([5, 4]);
    expect(await counts({ limit: 9 })).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts over an item only while a condition holds', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1 });
    expect(await putItem(counter, { id, n: 1, count: 5 }, { when: { anyOf: [{ count: { absent: true } }, { count: { equals: 1 } }] } })).toBe(true);
    expect(await putItem(counter, { id, n: 1, count: 9 }, { when: { count: { equals: 1 } } })).toBe(false);
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toEqual({ id, n: 1, count: 5 });
  });

  it('holds every group of allOf, each with an anyOf of its own', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 1, count: 1 });
    const within = (countBelow: number) => ({
      allOf: [
        { anyOf: [{ count: { absent: true as const } }, { count: { lessThan: countBelow } }] },
        { anyOf: [{ label: { absent: true as const } }, { label: { equals: 'open' } }] },
      ],
    });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: within(2) })).toEqual({ id, n: 1, count: 2 });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: within(2) })).toBeUndefined();
    await updateItem(counter, { id, n: 1 }, { set: { label: 'closed' } });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: within(9) })).toBeUndefined();
    await updateItem(counter, { id, n: 1 }, { set: { label: 'open' } });
    expect(await updateItem(counter, { id, n: 1 }, { add: { count: 1 }, when: within(9) })).toEqual({ id, n: 1, count: 3, label: 'open' });
    // A new item: the absent groups hold.
    expect(await updateItem(counter, { id, n: 2 }, { add: { count: 1 }, set: { id, n: 2 }, when: within(0), ifExists: false })).toEqual({ id, n: 2, count: 1 });
  });

  it('reads an index one bounded page at a time: filtered (also on attributes named at run time), projected, going on from where it stopped', async () => {
    const list = `ITEM_LAYER_TEST#${randomUUID()}`;
    const listed = defineItem({
      name: 'test listed',
      owner: 'shared',
      key: ({ n }: { n: number }) => ({ pk: `${list}#${n}`, sk: 'LISTED' }),
      indexes: { numberPicker: (item) => ({ pickerList: list, e164: item.e164 }) },
      schema: z.looseObject({ n: z.int(), e164: z.string(), gone: z.optional(z.string()) }),
    });
    for (const n of [1, 2, 3, 4])
      await db.send(new PutCommand({ TableName: tableName(), Item: { pk: `${list}#${n}`, sk: 'LISTED', pickerList: list, n, e164: `+${n}`, held_7: `${n}` } }));
    const first = await readIndexOnce(listed, 'numberPicker', list, {
      limit: 2,
      filter: { anyOf: [{ named: { held_7: { notAfter: '1' } } }, { n: { atLeast: 3 } }] },
    });
    expect(first.items.map((item) => item.n)).toEqual([1]);
    expect(first.evaluated).toBe(2);
    const rest = await readIndexOnce(listed, 'numberPicker', list, {
      startKey: first.next,
      attributes: ['e164', 'n', 'held_7'],
      filter: { gone: { absent: true } },
    });
    expect(rest.items).toEqual([
      { e164: '+3', n: 3, held_7: '3' },
      { e164: '+4', n: 4, held_7: '4' },
    ]);
    expect(rest.next).toBeUndefined();
    const before = await readIndexOnce(listed, 'numberPicker', list, { skBefore: '+3', attributes: ['e164', 'n'] });
    expect(before.items).toEqual([
      { e164: '+1', n: 1 },
      { e164: '+2', n: 2 },
    ]);
  });

  it('conditions on attributes inside maps by their dotted path', async () => {
    const id = randomUUID();
    const hosted = defineItem({
      name: 'test hosted',
      owner: 'shared',
      key: ({ id }: { id: string }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: 'HOSTED' }),
      schema: z.object({ id: z.string(), source: z.object({ provider: z.string(), sim: z.optional(z.int()) }) }),
    });
    await createItem(hosted, { id, source: { provider: 'gateway', sim: 2 } });
    const moved = () => new Error('moved');
    await expect(
      transact([
        txUpdate(hosted, { id }, { set: { source: { provider: 'twilio' } }, when: { nested: { 'source.sim': { equals: 1 } } }, onConditionFailed: moved }),
      ]),
    ).rejects.toThrow('moved');
    await transact([
      txUpdate(
        hosted,
        { id },
        {
          set: { source: { provider: 'twilio' } },
          when: { nested: { 'source.provider': { equals: 'gateway' }, 'source.sim': { equals: 2 } } },
          onConditionFailed: moved,
        },
      ),
    ]);
    expect(await readItem(hosted, { id }, { consistent: true })).toEqual({ id, source: { provider: 'twilio' } });
  });
});

describe('item layer: reads with their keys', () => {
  /** Its part is its sort key only: the key says what the fields do not. */
  const part = defineItem({
    name: 'test part',
    owner: 'shared',
    key: ({ id, part }: { id: string; part: string }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: `PART#${part}` }),
    indexes: { dueByTime: (item) => (item.dueQueue && item.dueAt ? { dueQueue: item.dueQueue, dueAt: item.dueAt } : undefined) },
    schema: z.object({ label: z.string(), dueQueue: z.optional(z.string()), dueAt: z.optional(z.string()) }),
    schemaAttributesOnly: true,
  });

  it('answers each item of a partition and of an index with its key, parsed', async () => {
    const id = randomUUID();
    const queue = `ITEM_LAYER_TEST#${id}`;
    await createItem(part, { id, part: 'a', label: 'first', dueQueue: queue, dueAt: '2026-01-01T00:00:00.000Z' });
    await createItem(part, { id, part: 'b', label: 'second', dueQueue: queue, dueAt: '2026-01-03T00:00:00.000Z' });
    await createItem(part, { id, part: 'c', label: 'third' });
    expect(await readPartitionKeyed(part, { id, part: '' }, { consistent: true, filter: { dueQueue: { exists: true } } })).toEqual([
      { key: part.key({ id, part: 'a' }), item: { label: 'first', dueQueue: queue, dueAt: '2026-01-01T00:00:00.000Z' } },
      { key: part.key({ id, part: 'b' }), item: { label: 'second', dueQueue: queue, dueAt: '2026-01-03T00:00:00.000Z' } },
    ]);
    expect(await readPartitionKeyed(part, { id, part: '' }, { consistent: true, limit: 1, descending: true })).toEqual([
      { key: part.key({ id, part: 'c' }), item: { label: 'third' } },
    ]);
    expect(await readIndexKeyed(part, 'dueByTime', queue, { skTo: '2026-01-02T00:00:00.000Z' })).toEqual([
      { key: part.key({ id, part: 'a' }), item: { label: 'first', dueQueue: queue, dueAt: '2026-01-01T00:00:00.000Z' } },
    ]);
  });
});

describe('item layer: negated conditions, substrings and every failed part', () => {
  const listed = (list: string) =>
    defineItem({
      name: 'test negated',
      owner: 'shared',
      key: ({ n }: { n: number }) => ({ pk: `${list}#${n}`, sk: 'LISTED' }),
      indexes: { numberPicker: (item) => ({ pickerList: list, e164: item.e164 }) },
      schema: z.object({ n: z.int(), e164: z.string(), status: z.string(), at: z.optional(z.string()), held: z.optional(z.string()) }),
    });

  it('filters by NOT of a group (a lone anyOf too) and by a substring', async () => {
    const list = `ITEM_LAYER_NOT#${randomUUID()}`;
    const item = listed(list);
    const rows = [
      { n: 1, e164: '+4411', status: 'available' },
      { n: 2, e164: '+4412', status: 'rented' },
      { n: 3, e164: '+4413', status: 'available', held: 'x' },
      { n: 4, e164: '+4914', status: 'available', at: '2030-01-01' },
      { n: 5, e164: '+4915', status: 'available', at: '2020-01-01' },
    ];
    for (const row of rows) await putItem(item, row);
    const ns = async (filter: object) => (await readIndexOnce(item, 'numberPicker', list, { filter })).items.map((i) => i.n);
    expect(await ns({ not: { anyOf: [{ held: { exists: true } }, { status: { equals: 'rented' } }] } })).toEqual([1, 4, 5]);
    expect(await ns({ not: { at: { after: '2025-01-01' } } })).toEqual([1, 2, 3, 5]);
    expect(await ns({ not: { status: { equals: 'rented' }, held: { exists: true } } })).toEqual([1, 2, 3, 4, 5]);
    expect(await ns({ status: { contains: 'ail' }, not: { held: { exists: true } } })).toEqual([1, 4, 5]);
  });

  it('answers the error of every part whose condition failed, in their order, and writes nothing then', async () => {
    const id = randomUUID();
    await createItem(counter, { id, n: 2, count: 0 });
    await createItem(counter, { id, n: 4, count: 0 });
    const taken = (n: number) => () => new Refused(n);
    const parts = [1, 2, 3, 4].map((n) => txPutNew(counter, { id, n, count: 1 }, taken(n)));
    const failed = await transactOrFailures(parts);
    expect(failed.map((error) => (error instanceof Refused ? error.current : error))).toEqual([2, 4]);
    expect(await readItem(counter, { id, n: 1 }, { consistent: true })).toBeUndefined();
    expect(await transactOrFailures([parts[0]!, parts[2]!])).toEqual([]);
    expect(await readItem(counter, { id, n: 3 }, { consistent: true })).toEqual({ id, n: 3, count: 1 });
    expect(failedParts(new Error('not a cancellation'), parts)).toEqual([]);
  });
});

describe('item layer: reads narrowed by intent', () => {
  it('filters a partition on a string at or after a bound (ISO times), with both bounds on one attribute', async () => {
    const id = randomUUID();
    const dated = defineItem({
      name: 'test dated',
      owner: 'shared',
      key: ({ id, n }: { id: string; n: number }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: `DATED#${n}` }),
      schema: z.object({ id: z.string(), n: z.int(), at: z.string() }),
    });
    for (const [n, at] of [
      [1, '2026-01-01T00:00:00.000Z'],
      [2, '2026-01-02T00:00:00.000Z'],
      [3, '2026-01-03T00:00:00.000Z'],
    ] as const)
      await createItem(dated, { id, n, at });
    const within = (from: string, to: string) =>
      readPartition(dated, { id, n: 0 }, { consistent: true, filter: { allOf: [{ at: { notBefore: from } }, { at: { notAfter: to } }] } });
    expect((await within('2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z')).map((item) => item.n)).toEqual([2, 3]);
    expect((await within('2026-01-01T12:00:00.000Z', '2026-01-02T00:00:00.000Z')).map((item) => item.n)).toEqual([2]);
    expect(
      (await readPartition(dated, { id, n: 0 }, { consistent: true, filter: { at: { notBefore: '2026-01-03T00:00:00.000Z' } } })).map((item) => item.n),
    ).toEqual([3]);
  });

  it('pages a sort-key range newest first, filtered inside maps: a page may hold fewer than its count while a cursor follows', async () => {
    const id = randomUUID();
    const acted = defineItem({
      name: 'test acted',
      owner: 'shared',
      key: ({ id, n }: { id: string; n: number }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: `ACTED#${n}` }),
      schema: z.object({ id: z.string(), n: z.int(), by: z.object({ email: z.string() }) }),
    });
    for (const [n, email] of [
      [1, 'a@x.test'],
      [2, 'b@x.test'],
      [3, 'a@x.test'],
      [4, 'a@x.test'],
      [5, 'b@x.test'],
    ] as const)
      await createItem(acted, { id, n, by: { email } });
    const byA = { skFrom: 'ACTED#2', skTo: 'ACTED#5', descending: true, filter: { nested: { 'by.email': { equals: 'a@x.test' } } } };
    const first = await readPage(acted, { id, n: 0 }, 2, undefined, byA);
    expect(first.items.map((item) => item.n)).toEqual([4]);
    expect(first.cursor).toBeDefined();
    const second = await readPage(acted, { id, n: 0 }, 2, first.cursor, byA);
    expect(second.items).toEqual([{ id, n: 3, by: { email: 'a@x.test' } }]);
  });

  it('reads one item for its summary only: the attributes the summary schema names, none of them stored reads as an empty item', async () => {
    const id = randomUUID();
    const summary = defineItem({
      name: 'test counter summary',
      owner: 'shared',
      key: counter.key,
      schema: z.object({ label: z.optional(z.string()), n: z.optional(z.int()) }),
    });
    await createItem(counter, { id, n: 1, count: 3, label: 'open' });
    expect(await readItem(summary, { id, n: 1 }, { consistent: true, schemaOnly: true })).toEqual({ label: 'open', n: 1 });
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...counter.key({ id, n: 2 }), count: 1 } }));
    expect(await readItem(summary, { id, n: 2 }, { consistent: true, schemaOnly: true })).toEqual({});
    expect(await readItem(summary, { id, n: 3 }, { consistent: true, schemaOnly: true })).toBeUndefined();
  });
});

describe('item layer scans', () => {
  /** Item types of one test's own prefix: the table holds other files' items too. */
  const scannedTypes = () => {
    const run = `ITEM_LAYER_SCAN_${randomUUID()}`;
    const schema = z.object({ id: z.string(), n: z.int(), label: z.optional(z.string()) });
    return {
      run,
      // The number padded: a scan's prefix must not take the padding for the type's.
      scanned: defineItem({
        name: 'test scanned',
        owner: 'shared',
        key: ({ id, n }: { id: string; n: number }) => ({ pk: `${run}#${id}`, sk: `N#${String(n).padStart(4, '0')}` }),
        schema,
      }),
      other: defineItem({ name: 'test other', owner: 'shared', key: ({ id }: { id: string; n: number }) => ({ pk: `${run}#${id}`, sk: 'OTHER' }), schema }),
    };
  };
  const all = async <T>(pages: AsyncIterable<{ items: T[] }>) => {
    const items: T[] = [];
    for await (const page of pages) items.push(...page.items);
    return items;
  };
  const byN = (items: { n: number }[]) => items.map((item) => item.n).sort((a, b) => a - b);

  it('selects one item type by its key prefixes, filtered and projected', async () => {
    const { scanned, other } = scannedTypes();
    for (const n of [1, 2, 12345]) await createItem(scanned, { id: `a${n}`, n, label: n === 2 ? 'lively' : 'quiet' });
    await createItem(other, { id: 'a1', n: 7 });
    expect(byN(await all(scanPages(scanned, { consistent: true })))).toEqual([1, 2, 12345]);
    expect(byN(await all(scanPages(other, { consistent: true })))).toEqual([7]);
    expect(byN(await all(scanPages(scanned, { consistent: true, filter: { n: { atLeast: 2 } } })))).toEqual([2, 12345]);
    expect(byN(await all(scanPages(scanned, { consistent: true, filter: { label: { contains: 'ive' } } })))).toEqual([2]);
    expect(await all(scanPages(scanned, { consistent: true, fields: ['n'], filter: { n: { equals: 1 } } }))).toEqual([{ n: 1 }]);
  });

  it('goes on from a start key, and splits the table into segments', async () => {
    const { scanned } = scannedTypes();
    for (let n = 1; n <= 6; n++) await createItem(scanned, { id: `s${n}`, n });
    const first = await scanPage(scanned, { consistent: true, limit: 50 });
    expect(first.evaluated).toBeLessThanOrEqual(50);
    const rest = first.next ? await all(scanPages(scanned, { consistent: true, startKey: first.next })) : [];
    expect(byN([...first.items, ...rest])).toEqual([1, 2, 3, 4, 5, 6]);
    const [one, two] = await Promise.all([0, 1].map((segment) => all(scanPages(scanned, { consistent: true, segment: [segment, 2] }))));
    expect(byN([...one!, ...two!])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a malformed item, naming its type', async () => {
    const { scanned } = scannedTypes();
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...scanned.key({ id: 'x', n: 1 }), id: 'x', n: 'one' } }));
    await expect(all(scanPages(scanned, { consistent: true }))).rejects.toThrow(/stored test scanned does not parse/);
  });

  it('scans item types whose partition a key argument names, given it; parses a stored row by its type', async () => {
    const { run } = scannedTypes();
    const partitions = { open: `${run}_OPEN`, closed: `${run}_CLOSED` } as const;
    const filed = defineItem({
      name: 'test filed',
      owner: 'shared',
      key: ({ status, id }: { status: keyof typeof partitions; id: string }) => ({ pk: partitions[status], sk: id }),
      schema: z.object({ id: z.string() }),
    });
    await createItem(filed, { status: 'open', id: 'a' });
    await createItem(filed, { status: 'closed', id: 'b' });
    expect(await all(scanPages(filed, { consistent: true, keyArgs: { status: 'closed' } }))).toEqual([{ id: 'b' }]);
    await expect(scanPages(filed).next()).rejects.toThrow(/needs the key arguments/);

    const rows: Record<string, unknown>[] = [];
    for await (const page of scanTable({ consistent: true })) rows.push(...page.filter((row) => String(row.pk).startsWith(run)));
    expect(rows.flatMap((row) => itemOf(filed, row, { status: 'open' }) ?? [])).toEqual([{ id: 'a' }]);
    expect(rows.flatMap((row) => itemOf(filed, row, { status: 'closed' }) ?? [])).toEqual([{ id: 'b' }]);
  });
});

describe('item layer: sets taken from, attributes named at run time', () => {
  it('removes values from a set, and sets and removes attributes named at run time', async () => {
    const id = randomUUID();
    const tagged = defineItem({
      name: 'test tagged',
      owner: 'shared',
      key: ({ id }: { id: string }) => ({ pk: `ITEM_LAYER_TEST#${id}`, sk: 'TAGGED' }),
      schema: z.looseObject({ id: z.string(), tags: z.optional(z.custom<Set<string>>((value) => value instanceof Set)) }),
    });
    await createItem(tagged, { id, tags: new Set(['a', 'b', 'c']) });
    expect(
      await updateItem(
        tagged,
        { id },
        { removeFromSet: { tags: new Set(['a', 'z']) }, named: { set: { held_7: 'soon', count_7: 2 } }, when: { named: { held_7: { absent: true } } } },
      ),
    ).toEqual({ ...tagged.key({ id }), id, tags: new Set(['b', 'c']), held_7: 'soon', count_7: 2 });
    // In a transaction too; the last value taken leaves no set behind.
    await transact([
      txUpdate(
        tagged,
        { id },
        { removeFromSet: { tags: new Set(['b', 'c']) }, named: { remove: ['held_7'] }, onConditionFailed: () => new Error('cannot fail') },
      ),
    ]);
    expect(await readItem(tagged, { id }, { consistent: true })).toEqual({ ...tagged.key({ id }), id, count_7: 2 });
    // Nothing to take from: no error, and an upsert creates the item.
    const other = randomUUID();
    expect(await updateItem(tagged, { id: other }, { set: { id: other }, removeFromSet: { tags: new Set(['a']) }, ifExists: false })).toEqual({
      ...tagged.key({ id: other }),
      id: other,
    });
  });
});

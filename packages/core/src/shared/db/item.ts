/**
 * The typed item layer: an item type is defined once (owner, key function, indexes, TTL, a zod
 * schema that parses every read), and domain code asks for items and changes by intent. Expression
 * strings are written here only. Each conditional write carries the error to throw when its own
 * condition fails, given the item as it is, so no caller maps cancellation reasons by position.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod/mini';
import { db, tableName } from './client';
import { batchGetAll, countPartition, queryAll, queryPage, type Key, type Page } from './operations';
import { retryOnConflict } from './retry';
import { tableDefinition, type IndexName } from './table-definition';

export type { Key, Page };

/** The bounded context that writes an item type (the only one that may). */
export type Owner = 'accounts' | 'money' | 'catalogue' | 'rentals' | 'messaging' | 'channels' | 'developer' | 'operations' | 'shared';

type Indexes = typeof tableDefinition.globalIndexes;
/** An index's key attributes, e.g. `{ dueQueue, dueAt }` for dueByTime. */
export type IndexKeys = { [I in IndexName]: Record<Indexes[I]['hashKey'] | Indexes[I]['rangeKey'], string> };

export interface ItemDefinition<Name extends string, Shape extends z.ZodMiniObject, KeyArgs> {
  /** Said in errors and in docs/access-patterns.md. */
  name: Name;
  owner: Owner;
  schema: Shape;
  key: (args: KeyArgs) => Key;
  /** The indexes the item appears in: their keys from the item, undefined while it is out of a sparse one. */
  indexes?: { [I in IndexName]?: (item: z.infer<Shape>) => IndexKeys[I] | undefined };
  /** When DynamoDB may delete it (epoch seconds), or undefined to keep it. */
  expiresAt?: (item: z.infer<Shape>) => number | undefined;
}

/** A condition on one attribute, by intent. */
export type Condition<V> = { equals: V } | { atLeast: number } | { atMost: number } | { lessThan: number } | { exists: true } | { absent: true };

/** Conditions on an item's attributes (all must hold). */
export type Conditions<Item> = { [F in keyof Item]?: Condition<NonNullable<Item[F]>> };

type TransactRequest = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction: its request, and the error for its own failed condition (given the item as it is, parsed). */
export interface TransactPart {
  request: TransactRequest;
  onConditionFailed: (current: unknown) => Error;
}

/** A read stored item that does not fit its schema: a bug or a foreign write, never a user's fault. */
export class MalformedItemError extends Error {
  constructor(
    readonly itemName: string,
    detail: string,
  ) {
    super(`A stored ${itemName} does not parse: ${detail}`);
    this.name = 'MalformedItemError';
  }
}

/** Builds the names and values of one expression: `#a0`, `:v0`… */
class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  name(attribute: string) {
    const placeholder = `#a${Object.keys(this.names).length}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }
  value(value: unknown) {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }
  condition(attribute: string, condition: Condition<unknown>) {
    const name = this.name(attribute);
    if ('absent' in condition) return `attribute_not_exists(${name})`;
    if ('exists' in condition) return `attribute_exists(${name})`;
    if ('atLeast' in condition) return `${name} >= ${this.value(condition.atLeast)}`;
    if ('atMost' in condition) return `${name} <= ${this.value(condition.atMost)}`;
    if ('lessThan' in condition) return `${name} < ${this.value(condition.lessThan)}`;
    return `${name} = ${this.value(condition.equals)}`;
  }
  /** `attribute_exists(pk)` (unless `ifExists` is false) AND each condition; undefined when there is none. */
  conditions(when: object | undefined, mustExist: boolean) {
    const parts = [
      ...(mustExist ? [`attribute_exists(${this.name('pk')})`] : []),
      ...Object.entries(when ?? {}).map(([field, condition]) => this.condition(field, condition as Condition<unknown>)),
    ];
    return parts.length ? parts.join(' AND ') : undefined;
  }
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

type Numeric<T> = { [F in keyof T]-?: NonNullable<T[F]> extends number ? F : never }[keyof T];
type Optional<T> = { [F in keyof T]-?: undefined extends T[F] ? F : never }[keyof T];

/** An Update by intent. */
export interface Change<Item> {
  /** Numbers added to (negative to take away); a missing attribute counts as 0. */
  add?: { [F in Numeric<Item>]?: number };
  set?: Partial<Item>;
  /** Optional attributes removed. */
  remove?: Optional<Item>[];
  when?: Conditions<Item>;
  /** True (the default): the item must exist. False: an Update may create it (an upsert). */
  ifExists?: boolean;
}

export interface ConditionalOptions<Item> {
  /** The error for a failed condition, given the item as it is (parsed), or undefined when there is none. */
  onConditionFailed?: (current: Item | undefined) => Error;
}

/** Query options by intent: sort keys starting with `skPrefix` (or between `skFrom` and `skTo`), newest first with `descending`. */
export interface QueryOptions {
  skPrefix?: string;
  skFrom?: string;
  skTo?: string;
  descending?: boolean;
  consistent?: boolean;
}

function keyCondition(expression: Expression, hash: [string, string], range: string, options: QueryOptions) {
  const parts = [`${expression.name(hash[0])} = ${expression.value(hash[1])}`];
  if (options.skPrefix !== undefined) parts.push(`begins_with(${expression.name(range)}, ${expression.value(options.skPrefix)})`);
  else if (options.skFrom !== undefined && options.skTo !== undefined)
    parts.push(`${expression.name(range)} BETWEEN ${expression.value(options.skFrom)} AND ${expression.value(options.skTo)}`);
  else if (options.skFrom !== undefined) parts.push(`${expression.name(range)} >= ${expression.value(options.skFrom)}`);
  else if (options.skTo !== undefined) parts.push(`${expression.name(range)} <= ${expression.value(options.skTo)}`);
  return parts.join(' AND ');
}

function queryInput(hash: [string, string], range: string, options: QueryOptions, indexName?: IndexName): Omit<QueryCommandInput, 'TableName'> {
  const expression = new Expression();
  return {
    ...(indexName ? { IndexName: indexName } : {}),
    KeyConditionExpression: keyCondition(expression, hash, range, options),
    ...expression.attributes(),
    ...(options.descending ? { ScanIndexForward: false } : {}),
    ...(options.consistent ? { ConsistentRead: true } : {}),
  };
}

const conditionFailed = (error: unknown) =>
  error instanceof ConditionalCheckFailedException || (error instanceof Error && error.name === 'ConditionalCheckFailedException');

export function defineItem<Name extends string, Shape extends z.ZodMiniObject, KeyArgs>(definition: ItemDefinition<Name, Shape, KeyArgs>) {
  type Item = z.infer<Shape>;
  const { name, schema, key } = definition;

  /** A read as the domain sees it: parsed (a malformed item throws naming the item type). */
  const parse = (raw: unknown): Item => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new MalformedItemError(name, z.prettifyError(parsed.error));
    return parsed.data;
  };
  const parseOrUndefined = (raw: unknown) => (raw === undefined ? undefined : parse(raw));

  /** What is written: the item, its keys, its index keys and its TTL. */
  const record = (item: Item & KeyArgs): Record<string, unknown> => {
    const indexKeys = Object.values(definition.indexes ?? {}).map((keysOf) => (keysOf as ((item: Item) => object | undefined) | undefined)?.(item) ?? {});
    const expiresAt = definition.expiresAt?.(item);
    return { ...item, ...Object.assign({}, ...indexKeys), ...(expiresAt === undefined ? {} : { [tableDefinition.ttl]: expiresAt }), ...key(item) };
  };

  const putRequest = (item: Item & KeyArgs, when: Conditions<Item> | undefined, mustBeNew: boolean) => {
    const expression = new Expression();
    const conditions = [
      ...(mustBeNew ? [`attribute_not_exists(${expression.name('pk')})`] : []),
      ...(expression.conditions(when, false) ? [expression.conditions(when, false)!] : []),
    ];
    return {
      TableName: tableName(),
      Item: record(item),
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ...expression.attributes(),
    };
  };

  const updateRequest = (args: KeyArgs, change: Change<Item>) => {
    const expression = new Expression();
    const sets = [
      ...Object.entries(change.add ?? {}).map(([field, by]) => {
        const attribute = expression.name(field);
        return `${attribute} = if_not_exists(${attribute}, ${expression.value(0)}) + ${expression.value(by)}`;
      }),
      ...Object.entries(change.set ?? {})
        .filter(([, value]) => value !== undefined)
        .map(([field, value]) => `${expression.name(field)} = ${expression.value(value)}`),
    ];
    const removes = (change.remove ?? []).map((field) => expression.name(String(field)));
    const condition = expression.conditions(change.when, change.ifExists !== false);
    return {
      TableName: tableName(),
      Key: key(args),
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim(),
      ...(condition ? { ConditionExpression: condition } : {}),
      ...expression.attributes(),
    };
  };

  const deleteRequest = (args: KeyArgs, when: Conditions<Item> | undefined) => {
    const expression = new Expression();
    const condition = expression.conditions(when, false);
    return { TableName: tableName(), Key: key(args), ...(condition ? { ConditionExpression: condition } : {}), ...expression.attributes() };
  };

  /** Runs a conditional write on its own: false when its condition failed and no onConditionFailed was given. */
  const conditional = async (
    send: () => Promise<{ Attributes?: Record<string, unknown> } | void>,
    onConditionFailed?: (current: Item | undefined) => Error,
  ) => {
    try {
      await send();
      return true;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      if (!onConditionFailed) return false;
      const item = (error as ConditionalCheckFailedException).Item;
      throw onConditionFailed(item ? parse(unmarshall(item)) : undefined);
    }
  };

  const part = (request: TransactRequest, onConditionFailed: (current: Item | undefined) => Error): TransactPart => ({
    request,
    onConditionFailed: (current) => onConditionFailed(parseOrUndefined(current)),
  });

  const partition = (args: KeyArgs) => key(args).pk;

  return {
    name,
    owner: definition.owner,
    definition,
    key,
    parse,
    /** The stored record of an item (keys, index keys, TTL included): for seeds and batch writes. */
    record,

    async get(args: KeyArgs, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key(args), ConsistentRead: options.consistent }));
      return parseOrUndefined(Item);
    },
    /** BatchGet in chunks of 100, unprocessed keys retried; in no particular order. */
    async getMany(args: readonly KeyArgs[]): Promise<Item[]> {
      return (await batchGetAll<object>(args.map(key))).map(parse);
    },
    /** Every item in the partition of `args` (sort keys narrowed by `options`), following pages. */
    async queryPartition(args: KeyArgs, options: QueryOptions = {}): Promise<Item[]> {
      return (await queryAll<object>(queryInput(['pk', partition(args)], 'sk', options))).map(parse);
    },
    /** One page of `count`; the cursor names only keys of this partition, so a forged one reads the first page. */
    async queryPage(args: KeyArgs, count: number, cursor: string | undefined, options: QueryOptions = {}): Promise<Page<Item>> {
      const pk = partition(args);
      const page = await queryPage<object>(pk, queryInput(['pk', pk], 'sk', options), count, cursor);
      return { ...page, items: page.items.map(parse) };
    },
    /** The items of one index partition, e.g. a due queue up to now: `queryIndex('dueByTime', 'TOPUP_EXPIRY', { skTo: now })`. */
    async queryIndex<I extends keyof NonNullable<ItemDefinition<Name, Shape, KeyArgs>['indexes']> & IndexName>(
      index: I,
      hashValue: string,
      options: Omit<QueryOptions, 'consistent'> = {},
    ): Promise<Item[]> {
      const { hashKey, rangeKey } = tableDefinition.globalIndexes[index];
      return (await queryAll<object>(queryInput([hashKey, hashValue], rangeKey, options, index))).map(parse);
    },
    /** How many items the partition of `args` holds (sort keys starting with `skPrefix`, if given), none read back. */
    count(args: KeyArgs, skPrefix?: string): Promise<number> {
      return countPartition(partition(args), skPrefix);
    },

    /** Writes the item whole, over any item with its key (when every condition holds). */
    async put(item: Item & KeyArgs, options: ConditionalOptions<Item> & { when?: Conditions<Item> } = {}): Promise<boolean> {
      return conditional(
        () => db.send(new PutCommand({ ...putRequest(item, options.when, false), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
        options.onConditionFailed,
      );
    },
    /** Writes the item only if no item has its key: false (or onConditionFailed's error) when one has. */
    async create(item: Item & KeyArgs, options: ConditionalOptions<Item> = {}): Promise<boolean> {
      return conditional(
        () => db.send(new PutCommand({ ...putRequest(item, undefined, true), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
        options.onConditionFailed,
      );
    },
    /** Changes the item by intent; answers it as it is afterwards, or undefined when the condition failed (without onConditionFailed). */
    async update(args: KeyArgs, change: Change<Item> & ConditionalOptions<Item>): Promise<Item | undefined> {
      let after: Record<string, unknown> | undefined;
      const done = await conditional(async () => {
        const reply = await db.send(
          new UpdateCommand({ ...updateRequest(args, change), ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
        );
        after = reply.Attributes;
      }, change.onConditionFailed);
      return done ? parseOrUndefined(after) : undefined;
    },
    /** Deletes the item (when every condition holds): false (or onConditionFailed's error) when one did not. */
    async delete(args: KeyArgs, options: ConditionalOptions<Item> & { when?: Conditions<Item> } = {}): Promise<boolean> {
      return conditional(
        () => db.send(new DeleteCommand({ ...deleteRequest(args, options.when), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
        options.onConditionFailed,
      );
    },

    /** The same writes as parts of a `transact()`, each with the error for its own failed condition. */
    tx: {
      /** In a transaction: a Put only if no item has its key. */
      putNew(item: Item & KeyArgs, onConditionFailed: (current: Item | undefined) => Error): TransactPart {
        return part({ Put: putRequest(item, undefined, true) }, onConditionFailed);
      },
      /** In a transaction: a Put over any item with its key, when every condition holds. */
      put(item: Item & KeyArgs, options: { when?: Conditions<Item>; onConditionFailed: (current: Item | undefined) => Error }): TransactPart {
        return part({ Put: putRequest(item, options.when, false) }, options.onConditionFailed);
      },
      /** In a transaction: an Update by intent. */
      update(args: KeyArgs, change: Change<Item> & { onConditionFailed: (current: Item | undefined) => Error }): TransactPart {
        return part({ Update: updateRequest(args, change) }, change.onConditionFailed);
      },
      /** In a transaction: a Delete, when every condition holds. */
      delete(args: KeyArgs, options: { when?: Conditions<Item>; onConditionFailed: (current: Item | undefined) => Error }): TransactPart {
        return part({ Delete: deleteRequest(args, options.when) }, options.onConditionFailed);
      },
      /** In a transaction: a condition on an item it does not change (`ifExists` true by default). */
      conditionCheck(
        args: KeyArgs,
        check: { when?: Conditions<Item>; ifExists?: boolean; onConditionFailed: (current: Item | undefined) => Error },
      ): TransactPart {
        const expression = new Expression();
        const condition = expression.conditions(check.when, check.ifExists !== false) ?? `attribute_exists(${expression.name('pk')})`;
        return part(
          { ConditionCheck: { TableName: tableName(), Key: key(args), ConditionExpression: condition, ...expression.attributes() } },
          check.onConditionFailed,
        );
      },
    },
  };
}

/** What `defineItem` returns. */
export type ItemType = ReturnType<typeof defineItem>;

/** A transaction cancelled for a reason that is not a failed condition, after the conflict retries ran out. */
const conflictOnly = (error: unknown) => {
  if (!(error instanceof TransactionCanceledException)) return false;
  const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
};

/**
 * One TransactWriteItems. A cancelled one throws the error of the first part whose condition
 * failed (given the item as it is, as DynamoDB returns it with the cancellation); one that only
 * collided with another transaction is tried again (the SDK does not).
 */
export async function transact(parts: readonly TransactPart[], attempts = 6): Promise<void> {
  const TransactItems = parts.map(({ request }) => {
    const [kind, operation] = Object.entries(request)[0] as [string, object];
    return { [kind]: { ...operation, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } } as TransactRequest;
  });
  await retryOnConflict(
    async () => {
      try {
        await db.send(new TransactWriteCommand({ TransactItems }));
      } catch (error) {
        if (error instanceof TransactionCanceledException) {
          const reasons = error.CancellationReasons ?? [];
          const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
          if (failed >= 0) {
            const item = reasons[failed]!.Item;
            throw parts[failed]!.onConditionFailed(item && unmarshall(item));
          }
        }
        throw error;
      }
    },
    { attempts, retryOn: conflictOnly, pauseMs: (attempt) => 20 * 2 ** attempt * Math.random() },
  );
}

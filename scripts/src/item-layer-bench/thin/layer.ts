/**
 * The thin in-house item layer: an item type is defined once (its key function, the indexes it
 * appears in, its TTL, a zod schema that parses every read), and domain code asks for items and
 * changes by intent. Expression strings are written here only; a transaction's items each carry
 * the error to throw when their own condition fails, so no caller maps cancellation reasons by position.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod/mini';
import { tableDefinition, type IndexName } from '../../../../packages/core/src/shared/db/table-definition';
import { documentClient, tableName } from '../shared';

export interface Key {
  pk: string;
  sk: string;
}

type Indexes = typeof tableDefinition.globalIndexes;
/** An index's key attributes, e.g. `{ dueQueue, dueAt }` for dueByTime. */
type IndexKeys = { [I in IndexName]: Record<Indexes[I]['hashKey'] | Indexes[I]['rangeKey'], string> };

export interface ItemDefinition<Name extends string, Shape extends z.ZodMiniObject, KeyArgs> {
  /** Said in errors. */
  name: Name;
  schema: Shape;
  key: (args: KeyArgs) => Key;
  /** The indexes the item appears in: their keys from the item, undefined while it is out of a sparse one. */
  indexes?: { [I in IndexName]?: (item: z.infer<Shape>) => IndexKeys[I] | undefined };
  /** When DynamoDB may delete it (epoch seconds), or undefined to keep it. */
  expiresAt?: (item: z.infer<Shape>) => number | undefined;
}

/** A condition on one attribute, by intent. */
export type Condition<V> = { equals: V } | { atLeast: number } | { absent: true };

/** One item of a transaction: its request, and the error for its own failed condition (given the item as it is, parsed). */
export interface TransactPart {
  request: NonNullable<TransactWriteCommandInput['TransactItems']>[number];
  onConditionFailed: (current: unknown) => Error;
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
    if ('atLeast' in condition) return `${name} >= ${this.value(condition.atLeast)}`;
    return `${name} = ${this.value(condition.equals)}`;
  }
  attributes() {
    return {
      ExpressionAttributeNames: this.names,
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

type Numeric<T> = { [F in keyof T]-?: NonNullable<T[F]> extends number ? F : never }[keyof T];

export function defineItem<Name extends string, Shape extends z.ZodMiniObject, KeyArgs>(definition: ItemDefinition<Name, Shape, KeyArgs>) {
  type Item = z.infer<Shape>;
  const { name, schema, key } = definition;

  /** A read as the domain sees it: parsed (a malformed item throws naming the item type), keys and index attributes left out by the schema. */
  const parse = (raw: unknown): Item => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new Error(`A stored ${name} does not parse: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  };

  /** What is written: the item, its keys, its index keys and its TTL. */
  const record = (item: Item & KeyArgs) => {
    const indexKeys = Object.values(definition.indexes ?? {}).map((keysOf) => keysOf?.(item) ?? {});
    const expiresAt = definition.expiresAt?.(item);
    return { ...item, ...Object.assign({}, ...indexKeys), ...(expiresAt === undefined ? {} : { [tableDefinition.ttl]: expiresAt }), ...key(item) };
  };

  return {
    name,
    key,
    parse,
    async get(args: KeyArgs, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
      const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: key(args), ConsistentRead: options.consistent }));
      return Item && parse(Item);
    },
    /** A Put of a new item outside a transaction. */
    async create(item: Item & KeyArgs): Promise<void> {
      await documentClient.send(new PutCommand({ TableName: tableName(), Item: record(item), ConditionExpression: 'attribute_not_exists(pk)' }));
    },
    /** In a transaction: a Put only if no item has its key. */
    putNew(item: Item & KeyArgs, onTaken: () => Error): TransactPart {
      return {
        request: { Put: { TableName: tableName(), Item: record(item), ConditionExpression: 'attribute_not_exists(pk)' } },
        onConditionFailed: onTaken,
      };
    },
    /** In a transaction: an Update of an existing item, numbers added to, values set, when every condition holds. */
    update(
      args: KeyArgs,
      change: {
        add?: { [F in Numeric<Item>]?: number };
        set?: Partial<Item>;
        when?: { [F in keyof Item]?: Condition<Item[F]> };
        /** Given the item as it is (parsed), or undefined when there is none. */
        onConditionFailed: (current: Item | undefined) => Error;
      },
    ): TransactPart {
      const expression = new Expression();
      const sets = [
        ...Object.entries(change.add ?? {}).map(([field, by]) => {
          const attribute = expression.name(field);
          return `${attribute} = ${attribute} + ${expression.value(by)}`;
        }),
        ...Object.entries(change.set ?? {}).map(([field, value]) => `${expression.name(field)} = ${expression.value(value)}`),
      ];
      const conditions = [
        'attribute_exists(pk)',
        ...Object.entries(change.when ?? {}).map(([field, condition]) => expression.condition(field, condition as Condition<unknown>)),
      ];
      return {
        request: {
          Update: {
            TableName: tableName(),
            Key: key(args),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: conditions.join(' AND '),
            ...expression.attributes(),
          },
        },
        onConditionFailed: (current) => change.onConditionFailed(current === undefined ? undefined : parse(current)),
      };
    },
  };
}

/**
 * One TransactWriteItems. A cancelled one throws the error of the first item whose condition
 * failed (each item's error is given the item as it is, as DynamoDB returns it with the
 * cancellation); one that only collided with another transaction is tried again (the SDK does not).
 */
export async function transact(parts: TransactPart[], attempts = 6): Promise<void> {
  const TransactItems = parts.map(({ request }) => {
    const [kind, operation] = Object.entries(request)[0] as [string, object];
    return { [kind]: { ...operation, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } };
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const item = reasons[failed]!.Item;
        throw parts[failed]!.onConditionFailed(item && unmarshall(item));
      }
      const conflictOnly = reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflictOnly || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}

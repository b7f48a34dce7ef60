/**
 * The typed item layer: an item type is defined once (owner, key function, indexes, TTL, a zod
 * schema that parses every read), and domain code asks for items and changes by intent. The
 * definition is plain data; each operation is a function of its own taking it (`readItem(def, args)`,
 * `txUpdate(def, args, change)`…), so a Lambda's bundle carries only the operations it calls. Expression
 * strings are written here only. Each conditional write carries the error to throw when its own
 * condition fails, given the item as it is, so no caller maps cancellation reasons by position.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod/mini';
import { ConflictError } from '../errors';
import { db, tableName } from './client';
import { batchGetAll, countPartition, countQuery, queryAll, queryAtMost, queryPage, type Key, type Page } from './operations';
import { transactWrite } from './transact';
import { tableDefinition, ttlAttribute, type IndexName } from './table-definition';

export type { Key, Page };

/** The bounded context that writes an item type (the only one that may). */
export type Owner =
  | 'accounts'
  | 'notifications'
  | 'stats'
  | 'content'
  | 'catalogue'
  | 'money'
  | 'rentals'
  | 'supply'
  | 'channels'
  | 'messaging'
  | 'developer'
  | 'operations'
  | 'shared';

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
  /** True: only the schema's attributes are stored, not key arguments outside it (a pointer keyed by what it points from). */
  schemaAttributesOnly?: boolean;
}

/** A condition on one attribute, by intent (`contains` for sets and substrings, `sizeLessThan` and `sizeEquals` for sets and lists). */
export type Condition<V> =
  | { equals: V }
  /** Equal to one of these (DynamoDB's `IN`). */
  | { oneOf: V[] }
  | { atLeast: number }
  | { atMost: number }
  /** Below this number, or (a string) before this one: ISO times sort as they compare. */
  | { lessThan: number | string }
  | { between: [number, number] }
  | { exists: true }
  | { absent: true }
  | { contains: V extends Set<infer E> ? E : V extends string ? string : never }
  | { sizeLessThan: number }
  | { sizeEquals: number }
  /** A string at or before this one (ISO times sort as they compare). */
  | { notAfter: string }
  /** A string after this one. */
  | { after: string }
  /** A string at or after this one (ISO times sort as they compare). */
  | { notBefore: string };

/**
 * Conditions on an item's attributes (all must hold); `anyOf`: groups of which at least one must hold;
 * `allOf`: groups that must all hold (each with an `anyOf` of its own); `named`: conditions on attributes
 * outside the schema whose names are made at run time (one per service); `nested`: conditions on
 * attributes inside maps, by dotted path (`source.provider`).
 */
export type Conditions<Item> = { [F in keyof Item as string extends F ? never : F]?: Condition<NonNullable<Item[F]>> } & {
  anyOf?: Conditions<Item>[];
  allOf?: Conditions<Item>[];
  named?: Record<string, Condition<string | number>>;
  nested?: Record<string, Condition<string | number | boolean>>;
  /** Holds when this group does not (DynamoDB's NOT): e.g. `not: { availableAt: { after: now } }` also holds while it is absent. */
  not?: Conditions<Item>;
};

type TransactRequest = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction: its request, and the error for its own failed condition (given the item as it is, parsed). */
export interface TransactPart {
  request: TransactRequest;
  onConditionFailed: (current: unknown) => Error;
}

/** What a failed condition means when its writer names nothing more particular. */
const clash = () => new ConflictError('This change clashes with the current state', 'CONFLICT');

/**
 * A request this layer did not build (another context hands it over, or its item is not an item
 * type yet) as a part of a transaction, with the error its own failed condition means (by default:
 * it clashes with the current state).
 */
export function requestPart(request: TransactRequest, onConditionFailed: () => Error = clash): TransactPart {
  return { request, onConditionFailed };
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
  /** `path`: the attribute, or with `nested` the names of a path into maps (each its own placeholder). */
  condition(attribute: string, condition: Condition<unknown>, nested = false) {
    const name = nested
      ? attribute
          .split('.')
          .map((part) => this.name(part))
          .join('.')
      : this.name(attribute);
    if ('absent' in condition) return `attribute_not_exists(${name})`;
    if ('exists' in condition) return `attribute_exists(${name})`;
    if ('atLeast' in condition) return `${name} >= ${this.value(condition.atLeast)}`;
    if ('atMost' in condition) return `${name} <= ${this.value(condition.atMost)}`;
    if ('lessThan' in condition) return `${name} < ${this.value(condition.lessThan)}`;
    if ('between' in condition) return `${name} BETWEEN ${this.value(condition.between[0])} AND ${this.value(condition.between[1])}`;
    if ('contains' in condition) return `contains(${name}, ${this.value(condition.contains)})`;
    if ('sizeLessThan' in condition) return `size(${name}) < ${this.value(condition.sizeLessThan)}`;
    if ('sizeEquals' in condition) return `size(${name}) = ${this.value(condition.sizeEquals)}`;
    if ('oneOf' in condition) return `${name} IN (${condition.oneOf.map((value) => this.value(value)).join(', ')})`;
    if ('notAfter' in condition) return `${name} <= ${this.value(condition.notAfter)}`;
    if ('after' in condition) return `${name} > ${this.value(condition.after)}`;
    if ('notBefore' in condition) return `${name} >= ${this.value(condition.notBefore)}`;
    return `${name} = ${this.value(condition.equals)}`;
  }
  /** `attribute_exists(pk)` (unless `ifExists` is false) AND each condition; undefined when there is none. */
  conditions(when: object | undefined, mustExist: boolean): string | undefined {
    const parts = [
      ...(mustExist ? [`attribute_exists(${this.name('pk')})`] : []),
      ...Object.entries(when ?? {}).flatMap(([field, condition]) =>
        field === 'anyOf'
          ? [`(${(condition as object[]).map((group) => `(${this.conditions(group, false) ?? 'attribute_exists(pk)'})`).join(' OR ')})`]
          : field === 'allOf'
            ? // Not parenthesised: all is joined by AND, and DynamoDB refuses redundant parentheses.
              (condition as object[]).map((group) => this.conditions(group, false) ?? 'attribute_exists(pk)')
            : field === 'named' || field === 'nested'
              ? Object.entries(condition as object).map(([attribute, inner]) => this.condition(attribute, inner as Condition<unknown>, field === 'nested'))
              : field === 'not'
                ? [this.negation(condition as object)]
                : [this.condition(field, condition as Condition<unknown>)],
      ),
    ];
    return parts.length ? parts.join(' AND ') : undefined;
  }
  /** NOT of a group, parenthesised once: a lone `anyOf` is already, and DynamoDB refuses redundant parentheses. */
  negation(group: object) {
    const inner = this.conditions(group, false) ?? 'attribute_exists(pk)';
    return Object.keys(group).join() === 'anyOf' ? `NOT ${inner}` : `NOT (${inner})`;
  }
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

type Numeric<T> = { [F in keyof T]-?: NonNullable<T[F]> extends number ? F : never }[keyof T];
type SetOf<T> = { [F in keyof T]-?: NonNullable<T[F]> extends Set<unknown> ? F : never }[keyof T];
type Optional<T> = { [F in keyof T]-?: undefined extends T[F] ? F : never }[keyof T];
type ListOf<T> = { [F in keyof T]-?: NonNullable<T[F]> extends unknown[] ? F : never }[keyof T];
type MapOf<T> = {
  [F in keyof T]-?: NonNullable<T[F]> extends Set<unknown> | unknown[] ? never : NonNullable<T[F]> extends Record<string, unknown> ? F : never;
}[keyof T];

/** An Update by intent. */
export interface Change<Item> {
  /** Numbers added to (negative to take away); a missing attribute counts as 0. */
  add?: { [F in Numeric<Item>]?: number };
  /** Numbers added to, a missing attribute counting as `from` (a counter whose first value is not 0). */
  addFrom?: { [F in Numeric<Item>]?: { from: number; by: number } };
  /** Values added to sets (a missing set is created). */
  addToSet?: { [F in SetOf<Item>]?: NonNullable<Item[F]> };
  /** The TTL (epoch seconds), set only while the item has none. */
  expiresAtIfUnset?: number;
  /** The TTL (epoch seconds), set whatever it was. */
  expiresAt?: number;
  set?: Partial<Item>;
  /** Entries set inside map attributes, each on its own (the map must exist: condition on it, e.g. `when: { field: { exists: true } }`). */
  setEntries?: { [F in MapOf<Item>]?: Partial<NonNullable<Item[F]>> };
  /** Attributes set only while the item has none. */
  setIfUnset?: Partial<Item>;
  /** Values appended to lists (a missing list is created). */
  append?: { [F in ListOf<Item>]?: NonNullable<Item[F]> };
  /** Optional attributes removed. */
  remove?: Optional<Item>[];
  when?: Conditions<Item>;
  /** True (the default): the item must exist. False: an Update may create it (an upsert). */
  ifExists?: boolean;
  /** Values taken out of sets (DynamoDB's `DELETE`; a value not in the set, or no set, is no error). */
  removeFromSet?: { [F in SetOf<Item>]?: NonNullable<Item[F]> };
  /** Attributes outside the schema whose names are made at run time (one per service): set, or removed. */
  named?: { set?: Record<string, string | number>; remove?: string[] };
}

export interface ConditionalOptions<Item> {
  /** The error for a failed condition, given the item as it is (parsed), or undefined when there is none. */
  onConditionFailed?: (current: Item | undefined) => Error;
}

/** Query options by intent: sort keys starting with `skPrefix` (or between `skFrom` and `skTo`), newest first with `descending`. */
export interface QueryOptions<Item = Record<string, unknown>> {
  skPrefix?: string;
  skFrom?: string;
  skTo?: string;
  /** Sort keys strictly before this one. */
  skBefore?: string;
  descending?: boolean;
  consistent?: boolean;
  /** Read only the attributes the item type's schema names (a summary type over a larger item: its body stays behind). */
  schemaOnly?: boolean;
  /** readPartition: at most this many items (the first in sort order), following pages until it has them. */
  limit?: number;
  /** Only the items where every condition holds (DynamoDB's filter: the others are read, and dropped). */
  filter?: Conditions<Item>;
  /** readPartition with a limit and a filter: each page reads at least this many, so a sparse filter does not crawl. */
  pageSize?: number;
}

function keyCondition(expression: Expression, hash: [string, string], range: string, options: QueryOptions<object>) {
  const parts = [`${expression.name(hash[0])} = ${expression.value(hash[1])}`];
  if (options.skPrefix !== undefined) parts.push(`begins_with(${expression.name(range)}, ${expression.value(options.skPrefix)})`);
  else if (options.skFrom !== undefined && options.skTo !== undefined)
    parts.push(`${expression.name(range)} BETWEEN ${expression.value(options.skFrom)} AND ${expression.value(options.skTo)}`);
  else if (options.skFrom !== undefined) parts.push(`${expression.name(range)} >= ${expression.value(options.skFrom)}`);
  else if (options.skTo !== undefined) parts.push(`${expression.name(range)} <= ${expression.value(options.skTo)}`);
  else if (options.skBefore !== undefined) parts.push(`${expression.name(range)} < ${expression.value(options.skBefore)}`);
  return parts.join(' AND ');
}

function queryInput(
  hash: [string, string],
  range: string,
  options: QueryOptions<object>,
  indexName?: IndexName,
  schema?: z.ZodMiniObject,
): Omit<QueryCommandInput, 'TableName'> {
  const expression = new Expression();
  const keyConditionExpression = keyCondition(expression, hash, range, options);
  const projected = options.schemaOnly && schema ? Object.keys(schema.shape).map((field) => expression.name(field)) : [];
  const filter = expression.conditions(options.filter, false);
  return {
    ...(indexName ? { IndexName: indexName } : {}),
    KeyConditionExpression: keyConditionExpression,
    ...(filter ? { FilterExpression: filter } : {}),
    ...(projected.length ? { ProjectionExpression: projected.join(', ') } : {}),
    ...expression.attributes(),
    ...(options.descending ? { ScanIndexForward: false } : {}),
    ...(options.consistent ? { ConsistentRead: true } : {}),
  };
}

const conditionFailed = (error: unknown) =>
  error instanceof ConditionalCheckFailedException || (error instanceof Error && error.name === 'ConditionalCheckFailedException');

/** How an item appears in the indexes `Indexed` (its index keys from the item, undefined while out of a sparse one). */
type IndexKeysOf<Shape extends z.ZodMiniObject, Indexed extends IndexName> = { [I in Indexed]: (item: z.infer<Shape>) => IndexKeys[I] | undefined };

/**
 * An item type, once: plain data and its key function. The operations below take it, so a bundle
 * carries only those it calls. Its type keeps the indexes it is in, so `readIndex` takes only those.
 */
export /* @__NO_SIDE_EFFECTS__ */ function defineItem<Name extends string, Shape extends z.ZodMiniObject, KeyArgs, Indexed extends IndexName = never>(
  definition: Omit<ItemDefinition<Name, Shape, KeyArgs>, 'indexes'> & { indexes?: IndexKeysOf<Shape, Indexed> },
): ItemDefinition<Name, Shape, KeyArgs> & { indexes: IndexKeysOf<Shape, Indexed> } {
  return definition as ItemDefinition<Name, Shape, KeyArgs> & { indexes: IndexKeysOf<Shape, Indexed> };
}

/** Any item type (for lists of them, e.g. the generated docs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each item type has its own shape and key arguments
export type ItemType = ItemDefinition<string, any, any>;

type Def<Shape extends z.ZodMiniObject, KeyArgs> = ItemDefinition<string, Shape, KeyArgs>;
type ItemOf<Shape extends z.ZodMiniObject> = z.infer<Shape>;

/** A read as the domain sees it: parsed (a malformed item throws naming the item type). */
export function parseItem<Shape extends z.ZodMiniObject, KeyArgs>(definition: Def<Shape, KeyArgs>, raw: unknown): ItemOf<Shape> {
  const parsed = definition.schema.safeParse(raw);
  // Each problem as `path: message` (zod's own pretty-printer would cost the send path's budget half a KB).
  if (!parsed.success)
    throw new MalformedItemError(definition.name, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}

const parseOrUndefined = <Shape extends z.ZodMiniObject, KeyArgs>(definition: Def<Shape, KeyArgs>, raw: unknown) =>
  raw === undefined ? undefined : parseItem(definition, raw);

/** The stored record of an item (keys, index keys, TTL included): what is written, and for seeds and batch writes. */
export function itemRecord<Shape extends z.ZodMiniObject, KeyArgs>(definition: Def<Shape, KeyArgs>, item: ItemOf<Shape> & KeyArgs): Record<string, unknown> {
  const indexKeys = Object.values(definition.indexes ?? {}).map((keysOf) => (keysOf as ((item: unknown) => object | undefined) | undefined)?.(item) ?? {});
  const expiresAt = definition.expiresAt?.(item);
  const attributes = definition.schemaAttributesOnly ? Object.fromEntries(Object.entries(item).filter(([field]) => field in definition.schema.shape)) : item;
  return { ...attributes, ...Object.assign({}, ...indexKeys), ...(expiresAt === undefined ? {} : { [ttlAttribute]: expiresAt }), ...definition.key(item) };
}

function putRequest<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  item: ItemOf<Shape> & KeyArgs,
  when: Conditions<ItemOf<Shape>> | undefined,
  mustBeNew: boolean,
) {
  const expression = new Expression();
  // Each condition said once: every name and value it registers must appear in the expression.
  const mustBeNewCondition = mustBeNew ? [`attribute_not_exists(${expression.name('pk')})`] : [];
  const whenCondition = expression.conditions(when, false);
  const conditions = [...mustBeNewCondition, ...(whenCondition ? [whenCondition] : [])];
  return {
    TableName: tableName(),
    Item: itemRecord(definition, item),
    ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    ...expression.attributes(),
  };
}

function updateRequest<Shape extends z.ZodMiniObject, KeyArgs>(definition: Def<Shape, KeyArgs>, args: KeyArgs, change: Change<ItemOf<Shape>>) {
  const expression = new Expression();
  const sets = [
    ...Object.entries(change.add ?? {}).map(([field, by]) => {
      const attribute = expression.name(field);
      return `${attribute} = if_not_exists(${attribute}, ${expression.value(0)}) + ${expression.value(by)}`;
    }),
    ...Object.entries(change.addFrom ?? {}).map(([field, start]) => {
      const { from, by } = start as { from: number; by: number };
      const attribute = expression.name(field);
      return `${attribute} = if_not_exists(${attribute}, ${expression.value(from)}) + ${expression.value(by)}`;
    }),
    ...Object.entries({ ...change.set, ...change.named?.set })
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => `${expression.name(field)} = ${expression.value(value)}`),
  ];
  for (const [field, entries] of Object.entries(change.setEntries ?? {}))
    for (const [entry, value] of Object.entries(entries as object))
      sets.push(`${expression.name(field)}.${expression.name(entry)} = ${expression.value(value)}`);
  if (change.expiresAtIfUnset !== undefined) {
    const ttl = expression.name(ttlAttribute);
    sets.push(`${ttl} = if_not_exists(${ttl}, ${expression.value(change.expiresAtIfUnset)})`);
  }
  if (change.expiresAt !== undefined) sets.push(`${expression.name(ttlAttribute)} = ${expression.value(change.expiresAt)}`);
  for (const [field, value] of Object.entries(change.setIfUnset ?? {})) {
    if (value === undefined) continue;
    const attribute = expression.name(field);
    sets.push(`${attribute} = if_not_exists(${attribute}, ${expression.value(value)})`);
  }
  for (const [field, values] of Object.entries(change.append ?? {})) {
    const attribute = expression.name(field);
    sets.push(`${attribute} = list_append(if_not_exists(${attribute}, ${expression.value([])}), ${expression.value(values)})`);
  }
  const pairs = (entries: object | undefined) =>
    Object.entries(entries ?? {}).map(([field, values]) => `${expression.name(field)} ${expression.value(values)}`);
  const adds = pairs(change.addToSet);
  const removes = [...(change.remove ?? []), ...(change.named?.remove ?? [])].map((field) => expression.name(String(field)));
  const deletes = pairs(change.removeFromSet);
  const condition = expression.conditions(change.when, change.ifExists !== false);
  return {
    TableName: tableName(),
    Key: definition.key(args),
    UpdateExpression: [
      sets.length ? `SET ${sets.join(', ')}` : '',
      adds.length ? `ADD ${adds.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
      deletes.length ? `DELETE ${deletes.join(', ')}` : '',
    ]
      .join(' ')
      .trim(),
    ...(condition ? { ConditionExpression: condition } : {}),
    ...expression.attributes(),
  };
}

function deleteRequest<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  when: Conditions<ItemOf<Shape>> | undefined,
  mustExist = false,
) {
  const expression = new Expression();
  const condition = expression.conditions(when, mustExist);
  return { TableName: tableName(), Key: definition.key(args), ...(condition ? { ConditionExpression: condition } : {}), ...expression.attributes() };
}

/** Runs a conditional write on its own: false when its condition failed and no onConditionFailed was given. */
async function conditional<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  send: () => Promise<{ Attributes?: Record<string, unknown> } | void>,
  onConditionFailed?: (current: ItemOf<Shape> | undefined) => Error,
) {
  try {
    await send();
    return true;
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    if (!onConditionFailed) return false;
    const item = (error as ConditionalCheckFailedException).Item;
    throw onConditionFailed(item ? parseItem(definition, unmarshall(item)) : undefined);
  }
}

function part<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  request: TransactRequest,
  onConditionFailed: (current: ItemOf<Shape> | undefined) => Error,
): TransactPart {
  return { request, onConditionFailed: (current) => onConditionFailed(parseOrUndefined(definition, current)) };
}

const partition = <KeyArgs>(definition: { key: (args: KeyArgs) => Key }, args: KeyArgs) => definition.key(args).pk;

export async function readItem<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: Pick<QueryOptions, 'consistent' | 'schemaOnly'> = {},
): Promise<ItemOf<Shape> | undefined> {
  const expression = new Expression();
  const projected = options.schemaOnly ? Object.keys(definition.schema.shape).map((field) => expression.name(field)) : [];
  const projection = projected.length ? { ProjectionExpression: projected.join(', '), ...expression.attributes() } : {};
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: definition.key(args), ConsistentRead: options.consistent, ...projection }));
  return parseOrUndefined(definition, Item);
}

/** BatchGet in chunks of 100, unprocessed keys retried; in no particular order. */
export async function readItems<Shape extends z.ZodMiniObject, KeyArgs>(definition: Def<Shape, KeyArgs>, args: readonly KeyArgs[]): Promise<ItemOf<Shape>[]> {
  return (await batchGetAll<object>(args.map(definition.key))).map((raw) => parseItem(definition, raw));
}

/** Every item in the partition of `args` (sort keys narrowed by `options`, at most `limit` of them), following pages. */
export async function readPartition<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: QueryOptions<ItemOf<Shape>> = {},
): Promise<ItemOf<Shape>[]> {
  const input = queryInput(['pk', partition(definition, args)], 'sk', options, undefined, definition.schema);
  const raws = options.limit === undefined ? await queryAll<object>(input) : await queryAtMost<object>(input, options.limit, options.pageSize);
  return raws.map((raw) => parseItem(definition, raw));
}

/** One page of `count`; the cursor names only keys of this partition, so a forged one reads the first page. */
export async function readPage<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  count: number,
  cursor: string | undefined,
  options: QueryOptions<ItemOf<Shape>> = {},
): Promise<Page<ItemOf<Shape>>> {
  const pk = partition(definition, args);
  const page = await queryPage<object>(pk, queryInput(['pk', pk], 'sk', options, undefined, definition.schema), count, cursor);
  return { ...page, items: page.items.map((raw) => parseItem(definition, raw)) };
}

/** The items of one index partition, e.g. a due queue up to now: `readIndex(item, 'dueByTime', 'TOPUP_EXPIRY', { skTo: now })`. */
export async function readIndex<Shape extends z.ZodMiniObject, KeyArgs, I extends IndexName>(
  definition: Def<Shape, KeyArgs> & { indexes: { [J in I]: unknown } },
  index: I,
  hashValue: string,
  options: Omit<QueryOptions<ItemOf<Shape>>, 'consistent'> = {},
): Promise<ItemOf<Shape>[]> {
  const { hashKey, rangeKey } = tableDefinition.globalIndexes[index];
  return (await queryAll<object>(queryInput([hashKey, hashValue], rangeKey, options, index, definition.schema))).map((raw) => parseItem(definition, raw));
}

/** One Query of an index partition as DynamoDB answers it (QueryOptions narrow the sort keys). */
export interface IndexQuery<Item> extends Omit<QueryOptions, 'consistent' | 'limit' | 'schemaOnly' | 'descending'> {
  /** Only the items for which these hold come back (the others still count as evaluated). */
  filter?: Conditions<Item>;
  /** Items evaluated at most. */
  limit?: number;
  /** Where to go on: the `next` of the read before. */
  startKey?: Record<string, unknown>;
  /** Read only these attributes (the schema's fields, or attributes named at run time); the schema must accept what comes back. */
  attributes?: readonly string[];
}

/**
 * One page of an index partition, for a read bounded by what it evaluates: the items the filter let
 * through, where to go on (undefined: the partition is done), and how many items DynamoDB evaluated.
 */
export async function readIndexOnce<Shape extends z.ZodMiniObject, KeyArgs, I extends IndexName>(
  definition: Def<Shape, KeyArgs> & { indexes: { [J in I]: unknown } },
  index: I,
  hashValue: string,
  query: IndexQuery<ItemOf<Shape>> = {},
): Promise<{ items: ItemOf<Shape>[]; next: Record<string, unknown> | undefined; evaluated: number }> {
  const { hashKey, rangeKey } = tableDefinition.globalIndexes[index];
  const expression = new Expression();
  const keyConditionExpression = keyCondition(expression, [hashKey, hashValue], rangeKey, query);
  const filter = expression.conditions(query.filter, false);
  const projected = (query.attributes ?? []).map((attribute) => expression.name(attribute));
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: keyConditionExpression,
      ...(filter ? { FilterExpression: filter } : {}),
      ...(projected.length ? { ProjectionExpression: projected.join(', ') } : {}),
      ...expression.attributes(),
      ...(query.limit === undefined ? {} : { Limit: query.limit }),
      ...(query.startKey ? { ExclusiveStartKey: query.startKey } : {}),
    }),
  );
  return { items: (page.Items ?? []).map((raw) => parseItem(definition, raw)), next: page.LastEvaluatedKey, evaluated: page.ScannedCount ?? 0 };
}

/** How many items the partition of `args` holds (sort keys starting with `skPrefix`, if given), none read back. */
export function countItems<KeyArgs>(definition: { key: (args: KeyArgs) => Key }, args: KeyArgs, skPrefix?: string): Promise<number> {
  return countPartition(partition(definition, args), skPrefix);
}

/** How many items of the partition of `args` a read with these options would yield (key range and filter), none read back. */
export function countMatching<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: Pick<QueryOptions<ItemOf<Shape>>, 'skPrefix' | 'skFrom' | 'skTo' | 'filter'> = {},
): Promise<number> {
  return countQuery(queryInput(['pk', partition(definition, args)], 'sk', options));
}

/** Writes the item whole, over any item with its key (when every condition holds). */
export function putItem<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  item: ItemOf<Shape> & KeyArgs,
  options: ConditionalOptions<ItemOf<Shape>> & { when?: Conditions<ItemOf<Shape>> } = {},
): Promise<boolean> {
  return conditional(
    definition,
    () => db.send(new PutCommand({ ...putRequest(definition, item, options.when, false), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
    options.onConditionFailed,
  );
}

/** Writes the item only if no item has its key: false (or onConditionFailed's error) when one has. */
export function createItem<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  item: ItemOf<Shape> & KeyArgs,
  options: ConditionalOptions<ItemOf<Shape>> = {},
): Promise<boolean> {
  return conditional(
    definition,
    () => db.send(new PutCommand({ ...putRequest(definition, item, undefined, true), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
    options.onConditionFailed,
  );
}

/** Changes the item by intent; answers it as it is afterwards, or undefined when the condition failed (without onConditionFailed). */
export function updateItem<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  change: Change<ItemOf<Shape>> & ConditionalOptions<ItemOf<Shape>>,
): Promise<ItemOf<Shape> | undefined> {
  return updateReturning(definition, args, change, 'ALL_NEW');
}

/** Deletes the item (when every condition holds): false (or onConditionFailed's error) when one did not. */
export function deleteItem<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: ConditionalOptions<ItemOf<Shape>> & { when?: Conditions<ItemOf<Shape>> } = {},
): Promise<boolean> {
  return conditional(
    definition,
    () => db.send(new DeleteCommand({ ...deleteRequest(definition, args, options.when), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
    options.onConditionFailed,
  );
}

/** Deletes the item (when every condition holds) and answers it as it was, or undefined when there was none or the condition failed (without onConditionFailed). */
export async function deleteItemReturningOld<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: ConditionalOptions<ItemOf<Shape>> & { when?: Conditions<ItemOf<Shape>> } = {},
): Promise<ItemOf<Shape> | undefined> {
  return writeReturning(
    definition,
    () =>
      db.send(new DeleteCommand({ ...deleteRequest(definition, args, options.when), ReturnValues: 'ALL_OLD', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
    options.onConditionFailed,
  );
}

/**
 * Changes the item by intent as updateItem does, but answers it as it was before (what a change
 * replaced or removed), or undefined when the condition failed (without onConditionFailed).
 */
export function updateItemReturningOld<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  change: Change<ItemOf<Shape>> & ConditionalOptions<ItemOf<Shape>>,
): Promise<ItemOf<Shape> | undefined> {
  return updateReturning(definition, args, change, 'ALL_OLD');
}

/** One conditional Update answering the item as it is after it (ALL_NEW) or as it was before (ALL_OLD). */
async function updateReturning<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  change: Change<ItemOf<Shape>> & ConditionalOptions<ItemOf<Shape>>,
  returnValues: 'ALL_NEW' | 'ALL_OLD',
): Promise<ItemOf<Shape> | undefined> {
  return writeReturning(
    definition,
    () =>
      db.send(new UpdateCommand({ ...updateRequest(definition, args, change), ReturnValues: returnValues, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })),
    change.onConditionFailed,
  );
}

/** One conditional write that answers an image of the item, parsed; undefined when its condition failed (without onConditionFailed). */
async function writeReturning<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  send: () => Promise<{ Attributes?: Record<string, unknown> }>,
  onConditionFailed: ((current: ItemOf<Shape> | undefined) => Error) | undefined,
): Promise<ItemOf<Shape> | undefined> {
  let attributes: Record<string, unknown> | undefined;
  const done = await conditional(
    definition,
    async () => {
      attributes = (await send()).Attributes;
    },
    onConditionFailed,
  );
  return done ? parseOrUndefined(definition, attributes) : undefined;
}

/** An item read with its table key: for an item type whose key arguments are not all among its fields. */
export interface Keyed<Item> {
  key: Key;
  item: Item;
}

const keyed = <Shape extends z.ZodMiniObject, KeyArgs>(definition: Def<Shape, KeyArgs>, raw: Key): Keyed<ItemOf<Shape>> => ({
  key: { pk: raw.pk, sk: raw.sk },
  item: parseItem(definition, raw),
});

/** readPartition, each item with its key (a number lock's service is its sort key, not one of its fields). */
export async function readPartitionKeyed<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: Omit<QueryOptions<ItemOf<Shape>>, 'schemaOnly'> = {},
): Promise<Keyed<ItemOf<Shape>>[]> {
  const input = queryInput(['pk', partition(definition, args)], 'sk', options);
  const raws = options.limit === undefined ? await queryAll<Key>(input) : await queryAtMost<Key>(input, options.limit, options.pageSize);
  return raws.map((raw) => keyed(definition, raw));
}

/** readIndex, each item with its table key (a message's account is its partition, not one of its fields). */
export async function readIndexKeyed<Shape extends z.ZodMiniObject, KeyArgs, I extends IndexName>(
  definition: Def<Shape, KeyArgs> & { indexes: { [J in I]: unknown } },
  index: I,
  hashValue: string,
  options: Omit<QueryOptions<ItemOf<Shape>>, 'consistent' | 'schemaOnly'> = {},
): Promise<Keyed<ItemOf<Shape>>[]> {
  const { hashKey, rangeKey } = tableDefinition.globalIndexes[index];
  return (await queryAll<Key>(queryInput([hashKey, hashValue], rangeKey, options, index))).map((raw) => keyed(definition, raw));
}

/** The error for a part's own failed condition, given the item as it is (parsed), or undefined when there is none. */
type OnFailed<Shape extends z.ZodMiniObject> = (current: ItemOf<Shape> | undefined) => Error;

/** In a transaction: a Put only if no item has its key (by default a clash with the current state when one has). */
export function txPutNew<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  item: ItemOf<Shape> & KeyArgs,
  onConditionFailed: OnFailed<Shape> = clash,
): TransactPart {
  return part(definition, { Put: putRequest(definition, item, undefined, true) }, onConditionFailed);
}

/** In a transaction: a Put over any item with its key, when every condition holds. */
export function txPut<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  item: ItemOf<Shape> & KeyArgs,
  options: { when?: Conditions<ItemOf<Shape>>; onConditionFailed: OnFailed<Shape> },
): TransactPart {
  return part(definition, { Put: putRequest(definition, item, options.when, false) }, options.onConditionFailed);
}

/** In a transaction: an Update by intent. */
export function txUpdate<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  change: Change<ItemOf<Shape>> & { onConditionFailed: OnFailed<Shape> },
): TransactPart {
  return part(definition, { Update: updateRequest(definition, args, change) }, change.onConditionFailed);
}

/** In a transaction: a Delete, when every condition holds (and with `ifExists`, only of an item that is there). */
export function txDelete<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  options: { when?: Conditions<ItemOf<Shape>>; ifExists?: boolean; onConditionFailed: OnFailed<Shape> },
): TransactPart {
  return part(definition, { Delete: deleteRequest(definition, args, options.when, options.ifExists) }, options.onConditionFailed);
}

/** In a transaction: a condition on an item it does not change (`ifExists` true by default). */
export function txConditionCheck<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  args: KeyArgs,
  check: { when?: Conditions<ItemOf<Shape>>; ifExists?: boolean; onConditionFailed: OnFailed<Shape> },
): TransactPart {
  const expression = new Expression();
  const condition = expression.conditions(check.when, check.ifExists !== false) ?? `attribute_exists(${expression.name('pk')})`;
  return part(
    definition,
    { ConditionCheck: { TableName: tableName(), Key: definition.key(args), ConditionExpression: condition, ...expression.attributes() } },
    check.onConditionFailed,
  );
}

/** The parts' requests for a TransactWriteItems, each asking for the item as it is should its condition fail. */
export function partRequests(parts: readonly TransactPart[]): TransactRequest[] {
  return parts.map(({ request }) => {
    const [kind, operation] = Object.entries(request)[0] as [string, object];
    return { [kind]: { ...operation, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } } as TransactRequest;
  });
}

/**
 * For a transaction that also wrote other items: the error of the first of `parts` (placed from
 * item `first` on) whose condition failed, given the item as it is; undefined when none of theirs did.
 */
export function failedPart(error: unknown, parts: readonly TransactPart[], first: number): Error | undefined {
  return failedParts(error, parts, first)[0];
}

/** Each key attribute of an item type: the value all its items share (`exact`), or the start they share. */
type KeyPrefixes = Record<string, { value: string; exact: boolean }>;

const keyPrefixCache = /* @__PURE__ */ new WeakMap<object, Map<string, KeyPrefixes>>();

/**
 * What the keys of every item of a type share (with `fixed` key arguments given, the others free):
 * each key attribute's common start over its key function called with arguments that differ (empty,
 * long, absent), so padding and optional arguments shorten it rather than narrow it. A key that is
 * the same whatever the free arguments is exact.
 */
function keyPrefixes<KeyArgs>(definition: { name: string; key: (args: KeyArgs) => Key }, fixed: Partial<KeyArgs> = {}): KeyPrefixes {
  const cacheKey = JSON.stringify(fixed);
  const cached = keyPrefixCache.get(definition)?.get(cacheKey);
  if (cached) return cached;
  const keys = ['', '~'.repeat(40), undefined].flatMap((free) => {
    const args = new Proxy(fixed, { get: (given, name) => (name in given ? given[name as keyof typeof given] : free) }) as KeyArgs;
    try {
      return [definition.key(args) as Record<string, string>];
    } catch {
      // A key function that needs its arguments (e.g. lower-cases one) tells nothing from absent ones.
      return [];
    }
  });
  const prefixes: KeyPrefixes = {};
  for (const attribute of Object.keys(keys[0]!)) {
    const values = keys.map((key) => String(key[attribute]));
    const first = values[0]!;
    let length = 0;
    while (length < first.length && values.every((value) => value[length] === first[length])) length++;
    const exact = values.every((value) => value === first);
    // A key made of nothing but absent arguments (e.g. a partition looked up by one) needs them given.
    if (exact && first.includes('undefined')) throw new Error(`A scan of ${definition.name} needs the key arguments its ${attribute} is made of`);
    prefixes[attribute] = { value: first.slice(0, length), exact };
  }
  keyPrefixCache.set(definition, (keyPrefixCache.get(definition) ?? new Map()).set(cacheKey, prefixes));
  return prefixes;
}

/** A Scan by intent: the items of one type anywhere in the table (an operator's tool or a one-off, never a request path). */
export interface ScanOptions<Item, KeyArgs, F extends keyof Item> {
  /** Key arguments every item scanned shares (e.g. the one that names an item's partition); the others vary. */
  keyArgs?: Partial<KeyArgs>;
  /** Only the items where every condition holds (the others are read, and dropped). */
  filter?: Conditions<Item>;
  consistent?: boolean;
  /** Items a page evaluates at most (of the whole table: most are other types'). */
  limit?: number;
  /** Where to go on: the `next` of the page before. */
  startKey?: Record<string, unknown>;
  /** One of several scans in parallel, each its own part of the table: `[segment, totalSegments]`. */
  segment?: [number, number];
  /** Read only these fields of the schema (the others are neither read nor parsed). */
  fields?: readonly F[];
}

/** A page of a Scan: the items the filter let through, where to go on (undefined: the table is done), and how many items DynamoDB evaluated. */
export interface ScanPage<T> {
  items: T[];
  next: Record<string, unknown> | undefined;
  evaluated: number;
}

/** One Scan request for the items of one type (its key prefixes, then the filter): at most `limit` items evaluated. */
export async function scanPage<Shape extends z.ZodMiniObject, KeyArgs, F extends keyof ItemOf<Shape> = keyof ItemOf<Shape>>(
  definition: Def<Shape, KeyArgs>,
  options: ScanOptions<ItemOf<Shape>, KeyArgs, F> = {},
): Promise<ScanPage<Pick<ItemOf<Shape>, F>>> {
  const expression = new Expression();
  const ofType = Object.entries(keyPrefixes(definition, options.keyArgs))
    .filter(([, { value, exact }]) => exact || value)
    .map(([attribute, { value, exact }]) =>
      exact ? `${expression.name(attribute)} = ${expression.value(value)}` : `begins_with(${expression.name(attribute)}, ${expression.value(value)})`,
    );
  const filter = expression.conditions(options.filter, false);
  const projected = (options.fields ?? []).map((field) => expression.name(String(field)));
  const page = await db.send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: [...ofType, ...(filter ? [filter] : [])].join(' AND '),
      ...(projected.length ? { ProjectionExpression: projected.join(', ') } : {}),
      ...expression.attributes(),
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...(options.limit === undefined ? {} : { Limit: options.limit }),
      ...(options.startKey ? { ExclusiveStartKey: options.startKey } : {}),
      ...(options.segment ? { Segment: options.segment[0], TotalSegments: options.segment[1] } : {}),
    }),
  );
  const schema: z.ZodMiniObject = options.fields
    ? z.pick(definition.schema as z.ZodMiniObject, Object.fromEntries(options.fields.map((field) => [field, true])))
    : definition.schema;
  const items = (page.Items ?? []).map(
    (raw) => parseItem({ name: definition.name, owner: definition.owner, key: definition.key, schema }, raw) as Pick<ItemOf<Shape>, F>,
  );
  return { items, next: page.LastEvaluatedKey, evaluated: page.ScannedCount ?? 0 };
}

/** The pages of a Scan for the items of one type (as scanPage), from `startKey` to the end of the table (or of the segment). */
export async function* scanPages<Shape extends z.ZodMiniObject, KeyArgs, F extends keyof ItemOf<Shape> = keyof ItemOf<Shape>>(
  definition: Def<Shape, KeyArgs>,
  options: ScanOptions<ItemOf<Shape>, KeyArgs, F> = {},
): AsyncGenerator<ScanPage<Pick<ItemOf<Shape>, F>>> {
  let startKey = options.startKey;
  do {
    const page = await scanPage(definition, { ...options, startKey });
    yield page;
    startKey = page.next;
  } while (startKey);
}

/**
 * Every stored row of the table, page by page, as DynamoDB has it (keys included): for a reader that
 * sorts one scan into many item types (each row parsed with `itemOf`) rather than scanning once per type.
 */
export async function* scanTable(options: Pick<ScanOptions<never, never, never>, 'consistent' | 'segment'> = {}): AsyncGenerator<Record<string, unknown>[]> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ...(options.segment ? { Segment: options.segment[0], TotalSegments: options.segment[1] } : {}),
        ExclusiveStartKey,
      }),
    );
    yield page.Items ?? [];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** A stored row parsed as an item of this type when its keys are this type's (given `keyArgs`, as a scan's), else undefined. */
export function itemOf<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: Def<Shape, KeyArgs>,
  row: Record<string, unknown>,
  keyArgs?: Partial<KeyArgs>,
): ItemOf<Shape> | undefined {
  const ofType = Object.entries(keyPrefixes(definition, keyArgs)).every(([attribute, { value, exact }]) => {
    const stored = row[attribute];
    return typeof stored === 'string' && (exact ? stored === value : stored.startsWith(value));
  });
  return ofType ? parseItem(definition, row) : undefined;
}

/**
 * For a transaction that goes on without its failed parts: the errors of each of `parts` (placed from
 * item `first` on) whose condition failed, in their order, given the item as it is; none when no condition of theirs failed.
 */
export function failedParts(error: unknown, parts: readonly TransactPart[], first = 0): Error[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).slice(first, first + parts.length).flatMap((reason, i) => {
    if (reason.Code !== 'ConditionalCheckFailed') return [];
    return [parts[i]!.onConditionFailed(reason.Item && unmarshall(reason.Item))];
  });
}

/**
 * One transact for a caller that goes on without the parts that failed: the error of every part whose
 * condition failed (in their order), none when it was written; any other failure throws.
 */
export async function transactOrFailures(parts: readonly TransactPart[], attempts = 6): Promise<Error[]> {
  try {
    await transactWrite(partRequests(parts), attempts);
    return [];
  } catch (error) {
    const failed = failedParts(error, parts);
    if (!failed.length) throw error;
    return failed;
  }
}

/**
 * One TransactWriteItems (transactWrite: tried again while it only collided with another
 * transaction). A cancelled one throws the error of the first part whose condition failed, given
 * the item as it is, as DynamoDB returns it with the cancellation.
 */
export async function transact(parts: readonly TransactPart[], attempts = 6): Promise<void> {
  try {
    await transactWrite(partRequests(parts), attempts);
  } catch (error) {
    throw failedPart(error, parts, 0) ?? error;
  }
}

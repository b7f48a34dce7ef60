import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table, described once. `stacks/storage.ts` spreads `tableDefinition` into
 * `sst.aws.Dynamo` args; the local cloud creates the same table with `createTableInput`.
 * (The `import type` above is erased at build time, so this module stays dependency-free.)
 *
 * Keys are named by use (the one table of them: docs/access-patterns.md). Indexes are named by access pattern:
 * - dueByTime:  sparse work queue; items set `dueQueue` (e.g. 'RENTALS') and `dueAt` (ISO time)
 *               while something must happen to them, and remove both once done.
 * - numberInventory: every number of every country in one list for the operators' Numbers page;
 *               number items set `inventoryList` ('NUMBERS') and `inventoryKey` (country, type, E.164).
 * - numberPicker: sparse; the numbers on offer per (country, type), by E.164, for the picker and the
 *               developer API's purchase. A number item sets `pickerList` (`NUMBERS#<country>#<type>`)
 *               only while it is offered (not retired; a Private one also not rented).
 * `expiresAt` (epoch seconds) lets DynamoDB delete short-lived items (codes, sockets, idempotency keys).
 */
/** The attribute DynamoDB's TTL reads (its own constant, so code needing only it does not bundle the whole definition). */
export const ttlAttribute = 'expiresAt';

export const tableDefinition = {
  fields: {
    pk: 'string',
    sk: 'string',
    dueQueue: 'string',
    dueAt: 'string',
    inventoryList: 'string',
    inventoryKey: 'string',
    pickerList: 'string',
    e164: 'string',
  },
  primaryIndex: { hashKey: 'pk', rangeKey: 'sk' },
  globalIndexes: {
    dueByTime: { hashKey: 'dueQueue', rangeKey: 'dueAt' },
    numberInventory: { hashKey: 'inventoryList', rangeKey: 'inventoryKey' },
    numberPicker: { hashKey: 'pickerList', rangeKey: 'e164' },
  },
  ttl: ttlAttribute,
} as const;

export type IndexName = keyof typeof tableDefinition.globalIndexes;

const attributeType = { string: 'S', number: 'N', binary: 'B' } as const;

/** CreateTable input for the local cloud (and any script that needs a fresh table). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { fields, primaryIndex, globalIndexes } = tableDefinition;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: Object.entries(fields).map(([name, type]) => ({
      AttributeName: name,
      AttributeType: attributeType[type],
    })),
    KeySchema: [
      { AttributeName: primaryIndex.hashKey, KeyType: 'HASH' },
      { AttributeName: primaryIndex.rangeKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: Object.entries(globalIndexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: index.hashKey, KeyType: 'HASH' as const },
        ...('rangeKey' in index ? [{ AttributeName: index.rangeKey, KeyType: 'RANGE' as const }] : []),
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/** TTL is a separate call (UpdateTimeToLive) after CreateTable; this is its input. */
export function timeToLiveInput(tableName: string) {
  return {
    TableName: tableName,
    TimeToLiveSpecification: { AttributeName: tableDefinition.ttl, Enabled: true },
  };
}

import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { createTableInput } from '@numbernest/core/db';
import { localCredentials } from '../src/dynamodb';
import { ensureTable } from '../src/table';
import { localCloud } from '../src/testing';

const client = new DynamoDBClient({ endpoint: localCloud().localEnv.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1', credentials: localCredentials });
const tableName = `table-test-${Date.now()}`;
const indexesOf = async () =>
  ((await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort();
const wantedIndexes = (createTableInput(tableName).GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort();

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
});

it('creates the table once, then keeps it', async () => {
  expect(await ensureTable(client, tableName)).toBe(true);
  expect(await indexesOf()).toEqual(wantedIndexes);
  expect(await ensureTable(client, tableName)).toBe(false);
});

it('brings a kept table (from an earlier checkout) to the defined indexes: a dropped one goes, a missing one comes', async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  // An earlier definition: the index numberById (since replaced by a lookup item), without today's indexes.
  const input = createTableInput(tableName);
  await client.send(
    new CreateTableCommand({
      ...input,
      AttributeDefinitions: [
        ...input.AttributeDefinitions!.filter((a) => a.AttributeName === 'pk' || a.AttributeName === 'sk'),
        { AttributeName: 'numberId', AttributeType: 'N' },
      ],
      GlobalSecondaryIndexes: [{ IndexName: 'numberById', KeySchema: [{ AttributeName: 'numberId', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
    }),
  );
  expect(await indexesOf()).toEqual(['numberById']);

  expect(await ensureTable(client, tableName)).toBe(false);
  expect(await indexesOf()).toEqual(wantedIndexes);
});

import { CreateTableCommand, DescribeTableCommand, UpdateTableCommand, UpdateTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The app's table as stacks/storage.ts defines it; created once, kept on restarts (true when it
 * was created now). A kept table follows the definition's indexes (as a deploy would): one the
 * definition no longer has is dropped, a new one added. Imports core lazily: its db client reads
 * the environment, set first.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { createTableInput, timeToLiveInput } = await import('@numbernest/core/db');
  const wanted = createTableInput(tableName);
  let existing;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  if (!existing) {
    await client.send(new CreateTableCommand(wanted));
    await client.send(new UpdateTimeToLiveCommand(timeToLiveInput(tableName)));
    return true;
  }
  const has = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wantedIndexes = wanted.GlobalSecondaryIndexes ?? [];
  // One index change per UpdateTable call (a DynamoDB rule).
  for (const name of has) {
    if (!wantedIndexes.some((index) => index.IndexName === name)) {
      await client.send(new UpdateTableCommand({ TableName: tableName, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: name } }] }));
    }
  }
  for (const index of wantedIndexes.filter((index) => !has.has(index.IndexName))) {
    const keyNames = new Set(index.KeySchema?.map((key) => key.AttributeName));
    const AttributeDefinitions = wanted.AttributeDefinitions?.filter((a) => keyNames.has(a.AttributeName));
    await client.send(new UpdateTableCommand({ TableName: tableName, AttributeDefinitions, GlobalSecondaryIndexUpdates: [{ Create: index }] }));
  }
  return false;
}

import { CreateTableCommand, DescribeTableCommand, UpdateTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The app's table as stacks/storage.ts defines it; created once, kept on restarts (true when it
 * was created now). Imports core lazily: its db client reads the environment, set first.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const { createTableInput, timeToLiveInput } = await import('@numbernest/core/db');
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(new UpdateTimeToLiveCommand(timeToLiveInput(tableName)));
  return true;
}

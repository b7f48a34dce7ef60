/**
 * Where an operator's command (ledger:check, reconcile) reads the table: inside SST's shell the
 * linked stage table (`npx sst shell --stage NAME -- npm run …`), else the running `npm start` (as
 * `npm run seed` finds it), else .data/ directly with a DynamoDB Local of its own.
 */
import { applyEnv, ensureTable, startDynamoDbLocal, tableName } from '@numbernest/local';
import { dataDir, readRuntimeInfo } from './runtime';

export async function openTable(): Promise<{ where: string; close: () => Promise<void> }> {
  const onStage = Boolean(process.env.SST_RESOURCE_Table) && !process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (onStage) return { where: 'the linked stage table', close: async () => undefined };
  const running = readRuntimeInfo();
  if (running) {
    applyEnv(running.env);
    return { where: `the running local cloud at ${running.url}`, close: async () => undefined };
  }
  const dynamo = await startDynamoDbLocal({ dataDir, log: () => undefined });
  applyEnv({ SST_RESOURCE_Table: JSON.stringify({ name: tableName }), AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  await ensureTable(dynamo.client, tableName);
  return { where: dataDir, close: () => dynamo.stop() };
}

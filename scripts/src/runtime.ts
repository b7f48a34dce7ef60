import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalCloud } from '@numbernest/local';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** npm start's state: DynamoDB Local's file, cognito-local's state, the mailbox. */
export const dataDir = join(repoRoot, '.data');
/** While `npm start` runs: where its parts listen, for other scripts (npm run seed). */
const runtimeFile = join(dataDir, 'running.json');

export interface RuntimeInfo {
  pid: number;
  url: string;
  env: Record<string, string>;
}

export function writeRuntimeInfo(cloud: LocalCloud): void {
  const info: RuntimeInfo = { pid: process.pid, url: cloud.url, env: cloud.env };
  writeFileSync(runtimeFile, JSON.stringify(info, null, 2));
}

export function removeRuntimeInfo(): void {
  rmSync(runtimeFile, { force: true });
}

/** The running local cloud over .data/, if there is one. */
export function readRuntimeInfo(): RuntimeInfo | undefined {
  if (!existsSync(runtimeFile)) return undefined;
  const info = JSON.parse(readFileSync(runtimeFile, 'utf8')) as RuntimeInfo;
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined; // a stale file from a process that died
  }
}

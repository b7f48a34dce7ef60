import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `npm run ops -- <args>` as an operator types it, against the local cloud of this run (`npm run e2e`
 * hands the cloud's environment to Playwright, and the command line uses the table it names).
 */
export async function opsCli(...args: string[]): Promise<string> {
  test.skip(!process.env.AWS_ENDPOINT_URL_DYNAMODB, 'needs the local cloud environment (run through `npm run e2e -w web`)');
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'ops', '--', ...args], { cwd: repoRoot, env: process.env, timeout: 60_000 });
  return stdout;
}

import './api'; // first: points this process at the local cloud
import { createdApiKeyReplySchema } from '@numbernest/contracts';
import { buildEvent } from '@numbernest/local';
import { afterEach, expect, it, vi } from 'vitest';
import { as, userWithBalance } from './auth-users';

/**
 * API keys never reach the logs: the handler_api handler runs here, in this process, with every
 * console method watched, for answers that succeed, fail and throw.
 */
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

it('a key appears in no log line, whatever the action answers', async () => {
  const user = await userWithBalance(1_00);
  const reply = await as(user.idToken).post('/user/api-keys', { name: 'logs' });
  const key = createdApiKeyReplySchema.parse(reply.json).key;
  const { handler } = await import('@numbernest/functions/handler-api');

  const lines: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  }
  // The functions' logger writes to the streams themselves (packages/core/src/shared/log), at every level here.
  vi.stubEnv('LOG_LEVEL', 'debug');
  for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => (lines.push(String(chunk)), true));
  const call = async (query: string) => {
    const url = new URL(`http://localhost/stubs/handler_api.php?${query}`);
    const req = { method: 'GET', headers: { host: 'localhost' }, httpVersion: '1.1' };
    const event = buildEvent({
      req: req as never,
      url,
      routeKey: 'GET /stubs/handler_api.php',
      pathParameters: {},
      body: Buffer.alloc(0),
      sourceIp: '127.0.0.1',
    });
    return (await handler(event as never, {} as never)) as { statusCode: number; body: string };
  };
  const answers = await Promise.all(
    [
      'getBalance',
      'getStatus&id=1',
      'setStatus&id=x&status=9',
      'getNumber&service=zz&country=0',
      'noSuchAction',
      'getNumber&service=go&country=0&maxPrice=0.01',
    ].map((action) => call(`api_key=${encodeURIComponent(key)}&action=${action}`)),
  );
  expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  expect(answers[0]!.body).toBe('ACCESS_BALANCE:1.00');
  expect(lines.filter((line) => line.includes('"message":"request"'))).toHaveLength(6);
  for (const line of lines) expect(line).not.toContain(key);
  expect(lines.join('\n')).not.toContain(key.slice(3)); // nor the secret part alone
});

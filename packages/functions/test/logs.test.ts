import './api'; // first: points this process at the local cloud
import { buildEvent } from '@numbernest/local';
import { twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redact } from '../src/lib/log';
import { userWithBalance } from './auth-users';

/**
 * The functions' structured logs (packages/core/src/shared/log, used through packages/functions/src/lib): handlers run here, in this
 * process, with stdout, stderr and every console method captured, so each line they write is seen.
 */
let lines: string[] = [];

beforeEach(() => {
  lines = [];
  vi.stubEnv('LOG_LEVEL', 'info');
  const capture = (chunk: unknown) => void lines.push(...String(chunk).split('\n').filter(Boolean));
  for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => (capture(chunk), true));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => capture(args.map(String).join(' ')));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

interface Call {
  method: string;
  url: string;
  routeKey: string;
  headers?: Record<string, string>;
  body?: string;
  claims?: Record<string, string>;
}

/** Calls a handler export as API Gateway would (the local gateway's own event builder). */
async function invoke(file: string, { method, url, routeKey, headers = {}, body = '', claims }: Call) {
  const { handler } = (await import(`@numbernest/functions/${file}`)) as {
    handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
  };
  const req = { method, headers: { host: 'localhost', ...headers }, httpVersion: '1.1' };
  const event = buildEvent({
    req: req as never,
    url: new URL(url),
    routeKey,
    pathParameters: {},
    body: Buffer.from(body),
    sourceIp: '127.0.0.1',
    ...(claims ? { authorizer: { claims, scopes: [] } } : {}),
  });
  return handler(event, { awsRequestId: 'lambda-request-1' });
}

const jsonLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('structured logs', () => {
  it('a user request writes one JSON line: request ids, route, sub, status, outcome, latency; never the token', async () => {
    const user = await userWithBalance(2_50);
    const reply = await invoke('user/balance', {
      method: 'GET',
      url: 'http://localhost/api/user/balance',
      routeKey: 'GET /api/user/balance',
      headers: { authorization: `Bearer ${user.idToken}` },
      claims: { sub: user.sub, email: user.email, email_verified: 'true', token_use: 'id' },
    });
    expect(reply.statusCode).toBe(200);

    const requests = jsonLines().filter((line) => line.message === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'info',
      route: 'GET /api/user/balance',
      awsRequestId: 'lambda-request-1',
      sub: user.sub,
      status: 200,
      outcome: 'ok',
    });
    expect(requests[0]!.requestId).toEqual(expect.any(String));
    expect(requests[0]!.latencyMs).toEqual(expect.any(Number));
    expect(lines.join('\n')).not.toContain(user.idToken.split('.')[2]); // not even the signature
  });

  it('a bad request is logged as rejected with its status', async () => {
    const reply = await invoke('content/contact', {
      method: 'POST',
      url: 'http://localhost/api/contact-us',
      routeKey: 'POST /api/contact-us',
      headers: { 'content-type': 'application/json' },
      body: '{"email":1}',
    });
    expect(reply.statusCode).toBe(400);
    expect(jsonLines().filter((line) => line.message === 'request')).toEqual([
      expect.objectContaining({ route: 'POST /api/contact-us', status: 400, outcome: 'rejected' }),
    ]);
  });

  it('an inbound SMS is logged with its provider and status, never its text', async () => {
    const text = `G-${Math.floor(100_000 + Math.random() * 900_000)} is your verification code ${Date.now()}`;
    const sms = twilioInboundRequest({ appUrl: 'http://localhost', to: '+15550000000', from: 'Google', body: text });
    const signed = await invoke('webhooks/sms-twilio', {
      method: 'POST',
      url: sms.url,
      routeKey: 'POST /api/webhooks/sms/twilio',
      headers: sms.headers,
      body: sms.body,
    });
    const forged = await invoke('webhooks/sms-twilio', {
      method: 'POST',
      url: sms.url,
      routeKey: 'POST /api/webhooks/sms/twilio',
      headers: { ...sms.headers, 'x-twilio-signature': 'forged' },
      body: sms.body,
    });
    expect([signed.statusCode, forged.statusCode]).toEqual([200, 403]);

    const requests = jsonLines().filter((line) => line.message === 'request');
    expect(requests.map((line) => [line.provider, line.status])).toEqual([
      ['sms/twilio', 200],
      ['sms/twilio', 403],
    ]);
    const all = lines.join('\n');
    expect(all).not.toContain(text);
    expect(all).not.toContain(encodeURIComponent(text).replace(/%20/g, '+'));
    expect(all).not.toContain(sms.headers['x-twilio-signature']);
  });

  it('an SMS reported by an upstream that does not host the number is refused with a warning naming who does', async () => {
    const { seedCatalog } = await import('@numbernest/core/seed');
    const hosted = seedCatalog.numbers.find((n) => n.source.provider === 'gateway')!;
    const text = `G-${Math.floor(100_000 + Math.random() * 900_000)} is your Google verification code ${Date.now()}`;
    const sms = twilioInboundRequest({ appUrl: 'http://localhost', to: hosted.e164, from: 'Google', body: text });
    const reply = await invoke('webhooks/sms-twilio', {
      method: 'POST',
      url: sms.url,
      routeKey: 'POST /api/webhooks/sms/twilio',
      headers: sms.headers,
      body: sms.body,
    });
    expect(reply.statusCode).toBe(403);
    expect(jsonLines().filter((line) => line.message === 'inbound sms')).toEqual([
      expect.objectContaining({
        level: 'warn',
        provider: 'twilio',
        providerMessageId: sms.messageSid,
        outcome: 'refused',
        reason: 'not-hosted',
        to: hosted.e164,
        numberId: hosted.numberId,
        hostedBy: hosted.source,
      }),
    ]);
    expect(lines.join('\n')).not.toContain(text);
  });

  it('masks credentials, card data and message contents in any field, and JWTs in any text', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const safe = JSON.stringify(
      redact({
        authorization: `Bearer ${jwt}`,
        apiKey: 'nn_live_1234567890',
        card: '4242424242424242',
        body: 'your code is 123456',
        nested: { refreshToken: 'r'.repeat(40) },
        note: `failed for ${jwt}`,
        status: 200,
      }),
    );
    for (const secret of [jwt, 'nn_live_1234567890', '4242424242424242', 'your code is 123456', 'r'.repeat(40)]) expect(safe).not.toContain(secret);
    expect(JSON.parse(safe)).toMatchObject({ status: 200, card: '4242…(16)' });
  });

  it('LOG_LEVEL=warn keeps the request lines out (the test setup lowers it so runs stay readable)', async () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    await invoke('catalog/rent-times', { method: 'GET', url: 'http://localhost/api/mobile-number-rent-times', routeKey: 'GET /api/mobile-number-rent-times' });
    expect(lines).toEqual([]);
  });
});

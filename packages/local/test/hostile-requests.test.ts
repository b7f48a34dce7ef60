/**
 * What a client can send to the local cloud's one port that no browser does: request-targets that
 * are no URL path, requests Node cannot parse, bodies over API Gateway's payload quota. Each is
 * answered with a 4xx and the cloud (this worker's) goes on serving. Raw bytes over a socket, as
 * fetch would refuse or tidy most of them.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../src/http';
import { localCloud } from '../src/testing';

const port = Number(new URL(localCloud().apiUrl).port);

interface RawReply {
  /** 0 when no status line came (the connection dropped, or nothing within the time). */
  status: number;
  body: string;
  /** Whether the server closed the connection (else the 5 s ran out). */
  closed: boolean;
}

/**
 * Writes `head` on a connection of its own, then each of `chunks` (not waiting for an answer in
 * between), and reads what comes back until the server closes, for at most 5 s.
 */
function exchange(head: string, chunks: Array<string | Buffer> = []): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : 0, body: text.slice(text.indexOf('\r\n\r\n') + 4), closed });
    };
    const timer = setTimeout(() => done(false), 5000);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined); // a reset after the answer: what was read counts
    socket.on('connect', () => {
      socket.write(head);
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

const get = (target: string, headers = 'Connection: close\r\n') => exchange(`GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\n${headers}\r\n`);
const upgrade = (target: string) =>
  get(target, 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n');

/** The cloud still answers a plain request. */
async function expectServing(): Promise<void> {
  const reply = await fetch(`${localCloud().apiUrl}/api/mobile-number-countries`);
  expect(reply.status).toBe(200);
  expect(await reply.json()).toMatchObject({ data: expect.any(Array) });
}

describe('request-targets', () => {
  const absolute = `http://localhost:${port}/api/mobile-number-countries`;
  const longPath = `/api/${'a'.repeat(10 * 1024)}`;
  /** Each target, and its answer as a request and as a WebSocket upgrade. */
  const targets: Array<[target: string, asRequest: number, asUpgrade: number]> = [
    ['//', 400, 400],
    ['//x/%2e%2e', 400, 400],
    ['*', 400, 400],
    ['*@', 400, 400], // one Vite's HMR listener (npm run dev) would throw on, outside any handler
    ['/\\evil.example/', 400, 400],
    // Absolute-form, as sent to a proxy: served by its path; as an upgrade, not the socket's path.
    [absolute, 200, 404],
    [longPath, 404, 404],
  ];

  it('answers each hostile one (400 JSON with a code when it is no URL path), as a request and as an upgrade, and keeps serving', async () => {
    for (const [target, asRequest, asUpgrade] of targets) {
      for (const [send, status] of [
        [get, asRequest],
        [upgrade, asUpgrade],
      ] as const) {
        const reply = await send(target);
        expect(reply.status, `${send === get ? 'GET' : 'upgrade'} ${target.slice(0, 40)}`).toBe(status);
        if (status === 400) expect(JSON.parse(reply.body)).toEqual({ message: expect.any(String), code: 'MALFORMED_REQUEST' });
      }
    }
    await expectServing();
  });
});

describe('requests Node cannot parse', () => {
  it('answers a broken header line 400 JSON with a code, and keeps serving', async () => {
    const reply = await exchange(`GET / HTTP/1.1\r\nHost: localhost\r\nnot a header\r\n\r\n`);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ message: expect.any(String), code: 'MALFORMED_REQUEST' });
    await expectServing();
  });
});

describe(`request bodies over API Gateway's payload quota (${maxBodyBytes} bytes)`, () => {
  // The gateway, a stand-in that answers bad JSON itself, the Cognito proxy, the Lambda endpoint.
  const readers = [
    '/api/contact-us',
    '/_local/ses/v2/email/outbound-emails',
    '/_local/cognito/',
    '/_local/lambda/2015-03-31/functions/PostConfirmation/invocations',
  ];
  const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\n${headers}\r\n`;

  it.each(readers)('%s: a Content-Length over it is answered 413 at once, without the body being sent', async (path) => {
    const reply = await exchange(post(path, `Content-Length: ${maxBodyBytes + 1}\r\n`));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    expect(reply.closed).toBe(true);
    await expectServing();
  });

  it('tells a client that asks first (Expect: 100-continue) 413 instead of Continue', async () => {
    const reply = await exchange(post('/api/contact-us', `Content-Length: ${maxBodyBytes + 1}\r\nExpect: 100-continue\r\n`));
    expect(reply.status).toBe(413);
    expect(reply.closed).toBe(true);
  });

  it.each(readers)('%s: a chunked body is answered 413 once it grows past it, and the connection closed', async (path) => {
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const chunk = Buffer.concat([Buffer.from(`${megabyte.length.toString(16)}\r\n`), megabyte, Buffer.from('\r\n')]);
    // One megabyte past the quota and never a last chunk: only the quota ends this request.
    const reply = await exchange(
      post(path, 'Transfer-Encoding: chunked\r\n'),
      Array.from({ length: maxBodyBytes / megabyte.length + 1 }, () => chunk),
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    expect(reply.closed).toBe(true);
    await expectServing();
  });
});

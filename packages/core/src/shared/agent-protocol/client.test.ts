import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentUserAgent, callAgent, finishActivation, getNumber, getServices } from './client';

/** A small agent on loopback whose answer each test sets; it records what it was sent. */
const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{"status":"SUCCESS"}');
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const bytes = Buffer.concat(chunks);
    received.push({ headers: req.headers, body: (req.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8') });
    answer(req, res);
  });
});
let url = '';
const local = { deadlineMs: 3000, local: true };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/smshub`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (status: number, text: string, gzip = false) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(text) : text);
  };

describe('calling an agent', () => {
  it('posts the gzipped message with the key, the headers the protocol asks for, and reads a gzipped reply', async () => {
    answer = json(200, '{"number":79281234567,"activationId":9223372036854775807,"status":"SUCCESS"}', true);
    received.length = 0;
    const result = await getNumber(
      { url, key: 'k-1' },
      { country: 'usa', service: 'tg', operator: 'any', sum: '0.1234', currency: 840, exceptionPhoneSet: ['1201'] },
      local,
    );
    expect(result).toMatchObject({ ok: true, reply: { status: 'SUCCESS', number: '79281234567', activationId: '9223372036854775807' } });
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent!.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-type': 'application/json; charset=utf-8',
      'accept-encoding': 'gzip',
      'user-agent': agentUserAgent,
    });
    expect(JSON.parse(sent!.body)).toEqual({
      action: 'GET_NUMBER',
      key: 'k-1',
      country: 'usa',
      service: 'tg',
      operator: 'any',
      sum: 0.1234,
      currency: 840,
      exceptionPhoneSet: ['1201'],
    });
    expect(sent!.body).toContain('"sum":0.1234');
  });

  it('reads a plain reply too, and writes Ulongs as bare numbers', async () => {
    answer = json(200, '{"status":"SUCCESS"}');
    received.length = 0;
    expect(await finishActivation({ url, key: 'k' }, { activationId: '9223372036854775807', status: 4 }, local)).toMatchObject({
      ok: true,
      reply: { status: 'SUCCESS' },
    });
    expect(received[0]!.body).toBe('{"action":"FINISH_ACTIVATION","activationId":9223372036854775807,"status":4,"key":"k"}');
  });

  it('reports an HTTP error, a reply that breaks the protocol, and one that is not JSON, without throwing', async () => {
    answer = json(503, 'Service Unavailable');
    expect(await getServices({ url, key: 'k' }, local)).toMatchObject({ ok: false, failure: 'http', detail: 'HTTP 503: Service Unavailable' });
    answer = json(200, '{"status":"SUCCESS","number":"79281234567","activationId":355}');
    const typed = await callAgent(
      { url, key: 'k' },
      { action: 'GET_NUMBER', country: 'usa', service: 'tg', operator: 'any', sum: '0.2', currency: 840 },
      local,
    );
    expect(typed).toMatchObject({
      ok: false,
      failure: 'malformed',
      detail: 'The GET_NUMBER reply breaks the protocol: number must be a whole JSON number from 0 to 9223372036854775807, not the string "79281234567"',
    });
    answer = json(200, '<html>oops</html>');
    expect(await getServices({ url, key: 'k' }, local)).toMatchObject({ ok: false, failure: 'malformed' });
    answer = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('not gzip at all');
    };
    expect(await getServices({ url, key: 'k' }, local)).toMatchObject({ ok: false, failure: 'malformed', detail: expect.stringMatching(/not valid gzip/) });
  });

  it('refuses a URL the SSRF guard refuses, before connecting', async () => {
    received.length = 0;
    expect(await getServices({ url, key: 'k' }, { deadlineMs: 3000, local: false })).toMatchObject({
      ok: false,
      failure: 'refused-url',
      detail: 'The URL points to a private address',
    });
    expect(await getServices({ url: 'ftp://127.0.0.1/x', key: 'k' }, local)).toMatchObject({ ok: false, failure: 'refused-url' });
    expect(received).toHaveLength(0);
  });

  it('reports a refused connection as network', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await getServices({ url: `http://127.0.0.1:${port}/`, key: 'k' }, local)).toMatchObject({ ok: false, failure: 'network' });
  });

  it('ends the whole call at the deadline', async () => {
    answer = () => undefined; // never answers
    const result = await getServices({ url, key: 'k' }, { deadlineMs: 300, local: true });
    expect(result).toMatchObject({ ok: false, failure: 'timeout' });
    expect(result.ms).toBeGreaterThanOrEqual(290);
    expect(result.ms).toBeLessThan(1000);
    // The DNS check counts too: a resolver that never answers.
    const slowDns = await getServices(
      { url: 'http://agent.example/', key: 'k' },
      { deadlineMs: 200, local: false, resolve: () => new Promise(() => undefined) },
    );
    expect(slowDns).toMatchObject({ ok: false, failure: 'timeout' });
  });
});

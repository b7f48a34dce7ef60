import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findTwilioMessages, sendTwilioSms, twilioMessagesUrl } from './twilio-send';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

/** A one-route stand-in answering `status` and `reply` (a string is sent as is), recording what came. */
async function upstream(status: number, reply: unknown, delayMs = 0): Promise<{ apiUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof reply === 'string' ? reply : JSON.stringify(reply));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { apiUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, seen };
}

const account = (apiUrl: string) => ({ apiUrl, accountSid: 'AC0123', authToken: 'secret-token' });
const sms = { from: '+447700900123', to: '+14155550100', body: 'Привет & hi=1' };

describe('sendTwilioSms (Twilio Messages API)', () => {
  it('POSTs the form to /2010-04-01/Accounts/{sid}/Messages.json with Basic AccountSid:AuthToken', async () => {
    const { apiUrl, seen } = await upstream(201, { sid: 'SM0001', status: 'queued' });
    expect(await sendTwilioSms(account(apiUrl), sms)).toEqual({ ok: true, sid: 'SM0001', status: 'queued' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/2010-04-01/Accounts/AC0123/Messages.json', contentType: 'application/x-www-form-urlencoded' });
    expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from('AC0123:secret-token').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ From: sms.from, To: sms.to, Body: sms.body });
    expect(twilioMessagesUrl({ apiUrl: 'https://api.twilio.com', accountSid: 'AC1' })).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
  });

  it('a 4xx is refused, with Twilio’s code and message', async () => {
    const { apiUrl } = await upstream(400, { code: 21211, message: "The 'To' number +15005550001 is not a valid phone number.", status: 400 });
    expect(await sendTwilioSms(account(apiUrl), sms)).toEqual({
      ok: false,
      kind: 'refused',
      httpStatus: 400,
      code: 21211,
      message: "The 'To' number +15005550001 is not a valid phone number.",
    });
  });

  it('a 5xx, a reply that is not a message, a timeout or a closed port are unreachable; it never throws', async () => {
    const broken = await upstream(503, 'Service Unavailable');
    expect(await sendTwilioSms(account(broken.apiUrl), sms)).toMatchObject({ ok: false, kind: 'unreachable', httpStatus: 503, message: 'Service Unavailable' });
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const odd = await upstream(200, { hello: 'world' });
    expect(await sendTwilioSms(account(odd.apiUrl), sms)).toMatchObject({ ok: false, kind: 'unreachable', httpStatus: 200 });
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const slow = await upstream(201, { sid: 'SM0002' }, 500);
    expect(await sendTwilioSms(account(slow.apiUrl), sms, 50)).toMatchObject({
      ok: false,
      kind: 'unreachable',
      message: expect.stringMatching(/TimeoutError/),
    });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;

    expect(await sendTwilioSms(account(slow.apiUrl), sms)).toMatchObject({ ok: false, kind: 'unreachable' });
  });
});

describe('findTwilioMessages (Twilio Messages API, the list)', () => {
  const at = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');
  const message = (sid: string, created: string, extra: Record<string, unknown> = {}) => ({
    sid,
    status: 'delivered',
    from: sms.from,
    to: sms.to,
    body: sms.body,
    date_created: at(created),
    direction: 'outbound-api',
    ...extra,
  });

  it('GETs the list filtered by From and To with Basic auth, follows next_page_uri, and stops at a page reaching back before `since`', async () => {
    const seen: string[] = [];
    const pages: Record<string, unknown> = {
      '0': {
        messages: [message('SM3', '2026-05-01T10:02:00Z'), message('SM2', '2026-05-01T10:01:00Z', { direction: 'inbound' })],
        next_page_uri: '/2010-04-01/Accounts/AC0123/Messages.json?Page=1',
      },
      '1': {
        messages: [message('SM1', '2026-05-01T10:00:30Z'), message('SM0', '2026-05-01T09:00:00Z')],
        next_page_uri: '/2010-04-01/Accounts/AC0123/Messages.json?Page=2',
      },
      '2': { messages: [message('SMX', '2026-05-01T08:00:00Z')], next_page_uri: null },
    };
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      const page = new URL(req.url!, 'http://x').searchParams.get('Page') ?? '0';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pages[page]));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const found = await findTwilioMessages(account(apiUrl), { from: sms.from, to: sms.to, since: Date.parse('2026-05-01T10:00:00Z') });
    expect(found).toEqual({
      ok: true,
      messages: [
        { sid: 'SM3', status: 'delivered', from: sms.from, to: sms.to, body: sms.body, createdAt: Date.parse('2026-05-01T10:02:00Z') },
        { sid: 'SM1', status: 'delivered', from: sms.from, to: sms.to, body: sms.body, createdAt: Date.parse('2026-05-01T10:00:30Z') },
      ],
    });
    expect(seen).toHaveLength(2); // page 1 reached back before `since`: page 2 is never asked for
    const first = new URL(seen[0]!.split(' ')[1]!, 'http://x');
    expect(first.pathname).toBe('/2010-04-01/Accounts/AC0123/Messages.json');
    expect(Object.fromEntries(first.searchParams)).toEqual({ From: sms.from, To: sms.to, PageSize: '50' });
    expect(seen[0]).toContain(`Basic ${Buffer.from('AC0123:secret-token').toString('base64')}`);
  });

  it('anything but a 200 list, a timeout or a closed port: not ok (never a guess that it was not sent)', async () => {
    const broken = await upstream(503, 'Service Unavailable');
    expect(await findTwilioMessages(account(broken.apiUrl), { ...sms, since: 0 })).toMatchObject({ ok: false, message: expect.stringMatching(/HTTP 503/) });
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const odd = await upstream(200, { hello: 'world' });
    expect(await findTwilioMessages(account(odd.apiUrl), { ...sms, since: 0 })).toMatchObject({ ok: false });
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const slow = await upstream(200, { messages: [] }, 500);
    expect(await findTwilioMessages(account(slow.apiUrl), { ...sms, since: 0 }, { timeoutMs: 50 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/TimeoutError/),
    });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(await findTwilioMessages(account(slow.apiUrl), { ...sms, since: 0 })).toMatchObject({ ok: false });
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendTwilioSms, twilioMessagesUrl } from './twilio-send';

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
    expect(await sendTwilioSms(account(slow.apiUrl), sms, 50)).toMatchObject({ ok: false, kind: 'unreachable', message: expect.stringMatching(/TimeoutError/) });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;

    expect(await sendTwilioSms(account(slow.apiUrl), sms)).toMatchObject({ ok: false, kind: 'unreachable' });
  });
});

import { apiUrl } from './api'; // first: points this process at the local cloud
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NumberType, rentalReplySchema, webhookPayloadSchema, type PurchaseRequest } from '@numbernest/contracts';
import { countryIdOfIso } from '@numbernest/core/catalogue';
import { seedCatalog } from '@numbernest/core/seed';
import { post as postUpstream, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { afterAll, describe, expect, it } from 'vitest';
import { send } from './api';
import { as, userWithBalance, type TestUser } from './auth-users';
import { openOffer, ownNumbers } from './own-numbers';
import { until } from './rent-own';

/**
 * Customer webhooks (Account setting -> API): a receiver on 127.0.0.1 gets signed deliveries
 * through the local in-process queue; failures are retried by the retry job's core function
 * (driven with a `now` in the future); Send test; an SMS to a rented number in the protocol's form.
 */

interface Received {
  body: string;
  signature: string;
  valid: boolean;
}

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A receiver that checks `X-NumberNest-Signature` with the secret (401 when it does not verify) and answers 500 `failFirst` times. */
async function receiver(options: { failFirst?: number; host?: string; port?: number } = {}) {
  const state = { secret: '', failFirst: options.failFirst ?? 0, received: [] as Received[], accepted: [] as Received[] };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const signature = String(req.headers['x-numbernest-signature'] ?? '');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
      const expected = match ? createHmac('sha256', state.secret).update(`${match[1]}.${body}`).digest() : undefined;
      const valid = !!match && !!expected && timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')) && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
      const entry = { body, signature, valid };
      state.received.push(entry);
      if (!valid) return void res.writeHead(401).end('bad signature');
      if (state.failFirst > 0) {
        state.failFirst--;
        return void res.writeHead(500).end('try again');
      }
      state.accepted.push(entry);
      res.writeHead(204).end();
    });
  });
  servers.push(server);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return { state, port, url: `http://${host}:${port}/hook` };
}

async function webhookOf(user: TestUser) {
  const reply = await as(user.idToken).get('/user/webhook');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return (reply.json as { data: { url: string | null; secret: string | null; deliveries: any[] } }).data;
}

async function setUrl(user: TestUser, url: string | null) {
  return as(user.idToken).put('/user/webhook', { url });
}

describe('customer webhooks', () => {
  it('saves one URL with a secret made once, refuses what is not https (except localhost locally), needs a verified user', async () => {
    const user = await userWithBalance(0);
    expect((await webhookOf(user)).url).toBeNull();
    const first = await setUrl(user, 'http://127.0.0.1:9/a');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const saved = await webhookOf(user);
    expect(saved.url).toBe('http://127.0.0.1:9/a');
    expect(saved.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect((await setUrl(user, 'http://localhost:9/b')).status).toBe(200);
    expect((await webhookOf(user)).secret).toBe(saved.secret);
    for (const bad of ['http://example.com/hook', 'ftp://127.0.0.1/x', 'not a url', 'https://user:pw@example.com/']) {
      expect((await setUrl(user, bad)).status, bad).toBe(400);
    }
    expect((await setUrl(user, null)).status).toBe(200);
    expect((await webhookOf(user)).url).toBeNull();
    expect((await as(user.idToken).post('/user/webhook/test')).status).toBe(400);
    expect((await send('GET', '/user/webhook')).status).toBe(401);
  });

  it('Send test arrives signed; a receiver failing twice gets exactly one accepted delivery after the retries; Redeliver sends again', async () => {
    const user = await userWithBalance(0);
    const { state, url } = await receiver({ failFirst: 2 });
    expect((await setUrl(user, url)).status).toBe(200);
    state.secret = (await webhookOf(user)).secret!;

    // The receiver's check is real: a wrong signature is refused.
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'x-numbernest-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    state.received.length = 0;

    const test = await as(user.idToken).post('/user/webhook/test');
    expect(test.status, JSON.stringify(test.json)).toBe(202);
    const id = (test.json as { data: { id: string } }).data.id;

    // First attempt: the local queue, in the background -> 500, retry scheduled.
    const afterFirst = await until('the first attempt', async () => (await webhookOf(user)).deliveries.find((d) => d.id === id && d.attempts === 1));
    expect(afterFirst).toMatchObject({ status: 'pending', status_code: 500, last_error: 'HTTP 500' });
    expect(afterFirst.next_attempt_at).not.toBeNull();

    const { retryDueWebhooks } = await import('@numbernest/core/channels');
    await retryDueWebhooks(Date.now() + 3600_000); // second attempt: 500 again
    await retryDueWebhooks(Date.now() + 2 * 3600_000); // third: accepted
    await retryDueWebhooks(Date.now() + 3 * 3600_000); // nothing is due any more
    const done = (await webhookOf(user)).deliveries.find((d) => d.id === id);
    expect(done).toMatchObject({ status: 'delivered', status_code: 204, attempts: 3, last_error: null, next_attempt_at: null });

    expect(state.received).toHaveLength(3);
    expect(state.received.every((r) => r.valid)).toBe(true);
    expect(state.accepted).toHaveLength(1);
    const payload = webhookPayloadSchema.parse(JSON.parse(state.accepted[0]!.body));
    expect(payload).toMatchObject({ activationId: null, service: 'test', code: '123456', country: null });
    expect(Object.keys(payload).sort()).toEqual(['activationId', 'code', 'country', 'receivedAt', 'service', 'text', 'verified']);

    const again = await as(user.idToken).post(`/user/webhook/deliveries/${id}/redeliver`);
    expect(again.status, JSON.stringify(again.json)).toBe(202);
    await until('the redelivery', async () => state.accepted.length === 2);
    expect(state.accepted[1]!.body).toBe(state.accepted[0]!.body);
    expect((await as(user.idToken).post(`/user/webhook/deliveries/000000000${'0'.repeat(16)}/redeliver`)).status).toBe(404);
    const other = await userWithBalance(0);
    expect((await as(other.idToken).post(`/user/webhook/deliveries/${id}/redeliver`)).status).toBe(404);
  });

  it('an SMS to a rented Temporary number reaches the webhook in the protocol’s form', async () => {
    const user = await userWithBalance(50_00);
    const { state, url } = await receiver();
    expect((await setUrl(user, url)).status).toBe(200);
    state.secret = (await webhookOf(user)).secret!;

    // An activation of this file's own (own-numbers.ts), in a country the protocol has an id for.
    const google = seedCatalog.services.find((s) => s.slug === 'google')!;
    const iso = (countryId: number) => seedCatalog.countries.find((c) => c.id === countryId)!.iso;
    const offer = openOffer({ temporary: true, serviceId: google.id, where: (o) => countryIdOfIso(iso(o.countryId)) !== undefined });
    const protocolCountry = countryIdOfIso(iso(offer.countryId))!;
    const [number] = await ownNumbers(NumberType.Temporary, offer.countryId);
    const body: PurchaseRequest = { mobile_number_type_id: 3, mobile_number_id: number!.numberId, service_provider_id: google.id };
    const reply = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const rental = rentalReplySchema.parse(reply.json).data;

    const sms = await postUpstream(
      twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: 'Google', body: 'G-246810 is your Google verification code' }),
    );
    expect(sms.status, sms.body).toBe(200);
    await until('the SMS webhook', async () => state.accepted.length === 1);
    expect(state.accepted[0]!.valid).toBe(true);

    const { findRental } = await import('@numbernest/core/rentals');
    const stored = await findRental(user.sub, rental.id);
    const payload = webhookPayloadSchema.parse(JSON.parse(state.accepted[0]!.body));
    expect(payload).toEqual({
      activationId: String(stored!.activationId),
      service: 'go', // the protocol's code for google (handler-api/codes.ts)
      text: 'G-246810 is your Google verification code',
      code: '246810',
      country: protocolCountry, // the protocol's id for the number's country
      receivedAt: expect.any(String),
      verified: true,
    });
    expect(payload.activationId).toMatch(/^\d+$/);
    const deliveries = (await webhookOf(user)).deliveries;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ kind: 'sms', status: 'delivered', status_code: 204, attempts: 1 });

    // A sender Google does not use, with Google's words: delivered, but flagged and without a code.
    const lookalike = await postUpstream(
      twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: '+15550001111', body: 'G-135790 is your Google verification code' }),
    );
    expect(lookalike.status, lookalike.body).toBe(200);
    await until('the unverified SMS webhook', async () => state.accepted.length === 2);
    expect(webhookPayloadSchema.parse(JSON.parse(state.accepted[1]!.body))).toMatchObject({
      activationId: payload.activationId,
      text: 'G-135790 is your Google verification code',
      code: null,
      verified: false,
    });
  });

  it('connects to the address its check accepted: a DNS answer that changes after the check is not followed', async () => {
    const user = await userWithBalance(0);
    // 127.0.0.1 plays the internal address a rebinding name switches to; 127.0.0.2 the one the check saw.
    const rebound = await receiver({ failFirst: 1000 });
    const checkedOne = await receiver({ host: '127.0.0.2', port: rebound.port });
    expect((await setUrl(user, `http://localhost:${rebound.port}/hook`)).status).toBe(200);
    const secret = (await webhookOf(user)).secret!;
    rebound.state.secret = secret;
    checkedOne.state.secret = secret;

    // The local queue's first attempt (the system's DNS: localhost) fails at the 500 receiver, or on ::1.
    const test = await as(user.idToken).post('/user/webhook/test');
    expect(test.status, JSON.stringify(test.json)).toBe(202);
    const id = (test.json as { data: { id: string } }).data.id;
    await until('the first attempt', async () => (await webhookOf(user)).deliveries.find((d) => d.id === id && d.attempts === 1));
    const reachedBefore = rebound.state.received.length;

    // The retry, with a name server that answers the check 127.0.0.2 and any later question 127.0.0.1.
    const lookups: string[] = [];
    const rebinding = async (host: string) => {
      lookups.push(host);
      return [{ address: lookups.length === 1 ? '127.0.0.2' : '127.0.0.1' }];
    };
    const { attemptWebhookDelivery } = await import('@numbernest/core/channels');
    const done = await attemptWebhookDelivery({ sub: user.sub, id }, { resolve: rebinding });
    expect(done).toMatchObject({ status: 'delivered', statusCode: 204, attempts: 2 });
    expect(lookups).toEqual(['localhost']);
    expect(checkedOne.state.accepted).toHaveLength(1);
    expect(checkedOne.state.accepted[0]!.valid).toBe(true);
    expect(rebound.state.received).toHaveLength(reachedBefore);
  });

  it('tells the owner a failed connection in general words, not the socket error', async () => {
    const user = await userWithBalance(0);
    const closed = await receiver();
    await new Promise((resolve) => servers.pop()!.close(resolve)); // nothing listens there any more
    expect((await setUrl(user, closed.url)).status).toBe(200);
    const test = await as(user.idToken).post('/user/webhook/test');
    expect(test.status, JSON.stringify(test.json)).toBe(202);
    const id = (test.json as { data: { id: string } }).data.id;
    const failed = await until('the first attempt', async () => (await webhookOf(user)).deliveries.find((d) => d.id === id && d.attempts === 1));
    expect(failed).toMatchObject({ status: 'pending', status_code: null, last_error: 'Could not connect to your endpoint' });
  });
});

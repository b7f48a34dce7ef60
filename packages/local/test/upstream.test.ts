import {
  upstreamBalance,
  upstreamBuy,
  upstreamEnd,
  upstreamPrices,
  upstreamStatus,
  type UpstreamCallOptions,
  type UpstreamEndpoint,
  type UpstreamKind,
} from '@numbernest/core/upstream-protocol';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { localCloud } from '../src/testing';
import { demoFiveSimStock, demoSmsActivateStock, upstreamBasePath } from '../src/upstream';
import { serveUpstream, type ServedUpstream } from '../src/upstream/serve';

const options: UpstreamCallOptions = { deadlineMs: 5_000, local: true };

/** Each kind with what one purchase asks for in its own codes, and its price there. */
const kinds: Array<{
  kind: UpstreamKind;
  stock: typeof demoSmsActivateStock;
  buy: { country: string; service: string };
  price: string;
  currency: 'USD' | 'RUB';
}> = [
  { kind: 'sms-activate', stock: demoSmsActivateStock, buy: { country: '187', service: 'tg' }, price: '0.35', currency: 'USD' },
  { kind: '5sim', stock: demoFiveSimStock, buy: { country: 'usa', service: 'telegram' }, price: '28.00', currency: 'RUB' },
];

const served: ServedUpstream[] = [];
afterAll(async () => void (await Promise.all(served.map((one) => one.stop()))));

describe.each(kinds)('the $kind client against its stand-in', ({ kind, stock, buy, price, currency }) => {
  let upstream: ServedUpstream;
  let endpoint: UpstreamEndpoint;

  async function start(balance = '100.00') {
    upstream = await serveUpstream(kind, { name: `test-${kind}`, key: 'right-key', currency, balance, stock });
    served.push(upstream);
    endpoint = { kind, url: upstream.url, key: 'right-key' };
  }
  afterEach(async () => upstream?.stop());

  const switches = (changes: Partial<ServedUpstream['standIn']['state']['switches']>) => Object.assign(upstream.standIn.state.switches, changes);
  const bought = async (maxPrice = '1000') => {
    const result = await upstreamBuy(endpoint, { ...buy, maxPrice }, options);
    if (!(result.ok && result.reply.status === 'bought')) throw new Error(`Not bought: ${JSON.stringify(result)}`);
    return result.reply;
  };

  it('reads the balance and every price line, decimals as written', async () => {
    await start('100.00');
    expect(await upstreamBalance(endpoint, options)).toMatchObject({ ok: true, reply: '100.00' });
    const prices = await upstreamPrices(endpoint, options);
    expect(prices.ok).toBe(true);
    if (!prices.ok) return;
    expect(prices.reply).toContainEqual({ ...buy, price, count: stock.find((l) => l.country === buy.country && l.service === buy.service)!.count });
  });

  it('buys a number, debits the balance, reads the SMS delivered through the page endpoint as a code, and finishes', async () => {
    await start('100.00');
    const activation = await bought();
    expect(activation.phone).toMatch(/^\d{10,13}$/);
    expect(activation.price).toBe(price);
    const after = await upstreamBalance(endpoint, options);
    expect(after.ok && after.reply).not.toBe('100.00');
    expect(await upstreamStatus(endpoint, activation.activationId, options)).toMatchObject({ ok: true, reply: { status: 'waiting' } });

    const delivered = await fetch(`${upstream.url}/_sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ activationId: activation.activationId, from: 'Telegram', text: 'Telegram code: 48213. Do not share it.' }),
    });
    expect(delivered.status).toBe(200);
    const status = await upstreamStatus(endpoint, activation.activationId, options);
    expect(status).toMatchObject({ ok: true, reply: { status: 'code', code: '48213' } });
    if (kind === '5sim') expect(status.ok && status.reply.status === 'code' && status.reply.text).toBe('Telegram code: 48213. Do not share it.');

    expect(await upstreamEnd(endpoint, activation.activationId, 'cancel', options)).toMatchObject({ ok: true, reply: { accepted: false } });
    expect(await upstreamEnd(endpoint, activation.activationId, 'finish', options)).toMatchObject({ ok: true, reply: { accepted: true } });
  });

  it('refunds a cancel, and keeps the money when told to', async () => {
    await start('100.00');
    const first = await bought();
    expect(await upstreamEnd(endpoint, first.activationId, 'cancel', options)).toMatchObject({ ok: true, reply: { accepted: true } });
    expect(await upstreamBalance(endpoint, options)).toMatchObject({ ok: true, reply: '100.00' });
    expect(await upstreamStatus(endpoint, first.activationId, options)).toMatchObject({ ok: true, reply: { status: 'cancelled' } });

    switches({ keepMoneyOnCancel: true });
    const second = await bought();
    expect(await upstreamEnd(endpoint, second.activationId, 'cancel', options)).toMatchObject({ ok: true, reply: { accepted: true } });
    const kept = await upstreamBalance(endpoint, options);
    expect(kept.ok && kept.reply).not.toBe('100.00');
    expect(upstream.standIn.state.activations.find((a) => a.id === second.activationId)).toMatchObject({ status: 'cancelled', refunded: false });
  });

  it('bans (a cancel on SMS-Activate, which has no ban) with a refund', async () => {
    await start('100.00');
    const activation = await bought();
    expect(await upstreamEnd(endpoint, activation.activationId, 'ban', options)).toMatchObject({ ok: true, reply: { accepted: true } });
    expect(await upstreamBalance(endpoint, options)).toMatchObject({ ok: true, reply: '100.00' });
    expect(upstream.standIn.state.activations[0]!.status).toBe(kind === '5sim' ? 'banned' : 'cancelled');
  });

  it('buys nothing above maxPrice', async () => {
    await start('100.00');
    const result = await upstreamBuy(endpoint, { ...buy, maxPrice: '0.01' }, options);
    // SMS-Activate names the cheapest price; 5sim sells nothing above maxPrice and says no free phones.
    expect(result).toMatchObject({ ok: true, reply: kind === '5sim' ? { status: 'no-numbers' } : { status: 'too-expensive', minPrice: price } });
    expect(upstream.standIn.state.activations).toEqual([]);
    expect(await upstreamBalance(endpoint, options)).toMatchObject({ ok: true, reply: '100.00' });
  });

  it('cancels at once a number sold above maxPrice anyway (5sim keeps to maxPrice only for operator any)', async () => {
    await start('100.00');
    const operator = stock.find((l) => l.country === buy.country && l.service === buy.service)!.operator;
    const result = await upstreamBuy(endpoint, { ...buy, operator, maxPrice: '0.01' }, options);
    expect(result).toMatchObject({ ok: true, reply: { status: 'too-expensive', minPrice: price } });
    expect(upstream.standIn.state.activations.every((a) => a.status === 'cancelled')).toBe(true);
    expect(await upstreamBalance(endpoint, options)).toMatchObject({ ok: true, reply: '100.00' });
  });

  it('says out of stock and not enough balance', async () => {
    await start('0.10');
    expect(await upstreamBuy(endpoint, { ...buy, maxPrice: '1000' }, options)).toMatchObject({ ok: true, reply: { status: 'no-balance' } });
    switches({ outOfStock: true });
    expect(await upstreamBuy(endpoint, { ...buy, maxPrice: '1000' }, options)).toMatchObject({ ok: true, reply: { status: 'no-numbers' } });
    const prices = await upstreamPrices(endpoint, options);
    expect(prices.ok && prices.reply.every((line) => line.count === 0)).toBe(true);
  });

  it('a wrong key is bad-key on every call', async () => {
    await start();
    const wrong = { ...endpoint, key: 'wrong-key' };
    expect(await upstreamBalance(wrong, options)).toMatchObject({ ok: false, failure: 'bad-key' });
    expect(await upstreamBuy(wrong, { ...buy, maxPrice: '1000' }, options)).toMatchObject({ ok: false, failure: 'bad-key' });
    expect(await upstreamStatus(wrong, '1', options)).toMatchObject({ ok: false, failure: 'bad-key' });
    expect(await upstreamEnd(wrong, '1', 'cancel', options)).toMatchObject({ ok: false, failure: 'bad-key' });
  });

  it('a slow upstream is a timeout, by the deadline', async () => {
    await start();
    switches({ slowMs: 3_000 });
    const started = Date.now();
    expect(await upstreamBalance(endpoint, { ...options, deadlineMs: 300 })).toMatchObject({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('HTTP 500 is an http failure, an HTML page a malformed one', async () => {
    await start();
    switches({ fail: 'http500' });
    expect(await upstreamBuy(endpoint, { ...buy, maxPrice: '1000' }, options)).toMatchObject({ ok: false, failure: 'http' });
    expect(await upstreamStatus(endpoint, '1', options)).toMatchObject({ ok: false, failure: 'http' });
    switches({ fail: 'garbage' });
    expect(await upstreamBuy(endpoint, { ...buy, maxPrice: '1000' }, options)).toMatchObject({ ok: false, failure: 'malformed' });
    expect(await upstreamPrices(endpoint, options)).toMatchObject({ ok: false, failure: 'malformed' });
    expect(await upstreamBalance(endpoint, options)).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('an unknown activation is unknown, its end not accepted', async () => {
    await start();
    expect(await upstreamStatus(endpoint, '999', options)).toMatchObject({ ok: true, reply: { status: 'unknown' } });
    expect(await upstreamEnd(endpoint, '999', 'cancel', options)).toMatchObject({ ok: true, reply: { accepted: false } });
  });
});

describe('the stand-ins speak the wire as the real services do (an unmodified client of theirs)', () => {
  it('SMS-Activate: plain-text words for getNumber, getStatus and setStatus, NO_KEY and BAD_KEY', async () => {
    const upstream = await serveUpstream('sms-activate', {
      name: 'raw-sms-activate',
      key: 'k1',
      currency: 'USD',
      balance: '1.00',
      stock: demoSmsActivateStock,
    });
    served.push(upstream);
    const call = async (params: Record<string, string>) => (await fetch(`${upstream.url}/stubs/handler_api.php?${new URLSearchParams(params)}`)).text();
    expect(await call({ action: 'getBalance' })).toBe('NO_KEY');
    expect(await call({ api_key: 'nope', action: 'getBalance' })).toBe('BAD_KEY');
    expect(await call({ api_key: 'k1', action: 'getBalance' })).toBe('ACCESS_BALANCE:1.00');
    expect(await call({ api_key: 'k1', action: 'nothing' })).toBe('BAD_ACTION');
    const bought = await call({ api_key: 'k1', action: 'getNumber', service: 'tg', country: '187' });
    expect(bought).toMatch(/^ACCESS_NUMBER:\d+:1201555\d{4}$/);
    const id = bought.split(':')[1]!;
    expect(await call({ api_key: 'k1', action: 'getStatus', id })).toBe('STATUS_WAIT_CODE');
    expect(await call({ api_key: 'k1', action: 'setStatus', id, status: '6' })).toBe('BAD_STATUS');
    // POST with a form body, as the protocol allows.
    const posted = await fetch(`${upstream.url}/stubs/handler_api.php`, {
      method: 'POST',
      body: new URLSearchParams({ api_key: 'k1', action: 'setStatus', id, status: '8' }),
    });
    expect(await posted.text()).toBe('ACCESS_CANCEL');
    expect(await call({ api_key: 'k1', action: 'getStatus', id })).toBe('STATUS_CANCEL');
    expect(await call({ api_key: 'k1', action: 'getBalance' })).toBe('ACCESS_BALANCE:1.00');
  });

  it('5sim: 401 for a wrong Bearer key, `no free phones` with HTTP 200, refusals in words with HTTP 400', async () => {
    const upstream = await serveUpstream('5sim', { name: 'raw-5sim', key: 'k2', currency: 'RUB', balance: '30.00', stock: demoFiveSimStock });
    served.push(upstream);
    const get = (path: string, key = 'k2') => fetch(`${upstream.url}${path}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
    expect((await get('/v1/user/profile', 'nope')).status).toBe(401);
    expect(await (await get('/v1/user/profile')).json()).toMatchObject({ balance: 30, rating: 96 });
    const noPhones = await get('/v1/user/buy/activation/usa/any/telegram?maxPrice=1');
    expect([noPhones.status, await noPhones.text()]).toEqual([200, 'no free phones']);
    const poor = await get('/v1/user/buy/activation/usa/any/whatsapp');
    expect([poor.status, await poor.text()]).toEqual([400, 'not enough user balance']);
    const order = (await (await get('/v1/user/buy/activation/usa/any/telegram')).json()) as { id: number; phone: string; status: string; sms: unknown };
    expect(order).toMatchObject({ phone: expect.stringMatching(/^\+1646555\d{4}$/), status: 'PENDING', sms: null, country: 'usa', product: 'telegram' });
    const finishEarly = await get(`/v1/user/finish/${order.id}`);
    expect([finishEarly.status, await finishEarly.text()]).toEqual([400, 'order no sms']);
    expect(await (await get(`/v1/user/cancel/${order.id}`)).json()).toMatchObject({ id: order.id, status: 'CANCELED' });
    expect(await (await fetch(`${upstream.url}/v1/guest/prices?country=england&product=google`)).json()).toEqual({
      england: { google: { virtual21: { cost: 18.75, count: 25, rate: 99.5 } } },
    });
  });
});

describe('an SMS-Activate upstream without getNumberV2', () => {
  it('is asked getNumber after BAD_ACTION, and the classic answer read', async () => {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      const action = new URL(req.url ?? '/', 'http://x').searchParams.get('action') ?? '';
      asked.push(action);
      res.end(action === 'getNumber' ? 'ACCESS_NUMBER:77001:12025550123' : 'BAD_ACTION');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint: UpstreamEndpoint = { kind: 'sms-activate', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: 'k' };
      expect(await upstreamBuy(endpoint, { country: '187', service: 'tg', maxPrice: '1' }, options)).toMatchObject({
        ok: true,
        reply: { status: 'bought', activationId: '77001', phone: '12025550123', price: null },
      });
      expect(asked).toEqual(['getNumberV2', 'getNumber']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the upstream client refuses a URL the SSRF guard refuses', () => {
  it('on a deployed stage, this machine is no upstream', async () => {
    const endpoint: UpstreamEndpoint = { kind: '5sim', url: 'http://127.0.0.1:9/x', key: 'k' };
    expect(await upstreamBalance(endpoint, { deadlineMs: 2_000, local: false })).toMatchObject({ ok: false, failure: 'refused-url' });
    expect(await upstreamBalance({ ...endpoint, kind: 'sms-activate', url: 'ftp://example.com' }, { deadlineMs: 2_000, local: false })).toMatchObject({
      ok: false,
      failure: 'refused-url',
    });
  });
});

describe("the local cloud's demo upstreams", () => {
  it('mounts both under /_local/upstream, each answering its protocol and taking an SMS from its page form', async () => {
    const origin = localCloud().apiUrl;
    const listed = (await (await fetch(`${origin}/_local/upstream.json`)).json()) as Array<{ kind: UpstreamKind; name: string; basePath: string; key: string }>;
    expect(listed.map(({ kind, name }) => `${kind}/${name}`)).toEqual(['sms-activate/herosms-demo', '5sim/fivesim-demo']);
    for (const { kind, name, basePath, key } of listed) {
      expect(basePath).toBe(upstreamBasePath(kind, name));
      const endpoint: UpstreamEndpoint = { kind, url: `${origin}${basePath}`, key };
      const buy = kind === '5sim' ? { country: 'england', service: 'google' } : { country: '16', service: 'tg' };
      const result = await upstreamBuy(endpoint, { ...buy, maxPrice: '1000' }, options);
      if (!(result.ok && result.reply.status === 'bought')) throw new Error(`Not bought: ${JSON.stringify(result)}`);
      // The page's own form (urlencoded, answered with a redirect to the page).
      const form = await fetch(`${origin}${basePath}/_sms`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ activationId: result.reply.activationId, from: 'Google', text: 'G-771234 is your Google verification code.' }),
      });
      expect(form.status).toBe(303);
      expect(await upstreamStatus(endpoint, result.reply.activationId, options)).toMatchObject({ ok: true, reply: { status: 'code', code: '771234' } });
      const page = await (await fetch(`${origin}${basePath}`)).text();
      expect(page).toContain(result.reply.activationId);
      expect(page).toContain('G-771234 is your Google verification code.');
    }
  });
});

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

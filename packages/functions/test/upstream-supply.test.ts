import { apiUrl, expireCatalogueCache, until } from './api'; // first: points this process at the local cloud
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defaultMinMarginPercent } from '@numbernest/contracts';
import { listCountryItems, listOfferItems, serviceCatalog, upstreamStockIn } from '@numbernest/core/catalogue';
import { pollUpstreamCodesOnce } from '@numbernest/core/messaging';
import { findActivation } from '@numbernest/core/rentals';
import { reconcile } from '@numbernest/core/operations';
import {
  findUpstream,
  sendDueUpstreamEnds,
  syncUpstream,
  upstreamAccountCents,
  upstreamCostCeilingCents,
  upstreamMaxPrice,
  removeUpstream as removeUpstreamOf,
} from '@numbernest/core/supply';
import { fiveSimProductOfCode } from '@numbernest/core/upstream-protocol';
import { serveUpstream, type ServedUpstream } from '@numbernest/local/upstream/serve';
import type { StockLine, UpstreamStandInKind } from '@numbernest/local/upstream/state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from './api-keys';
import { as, balanceOf } from './auth-users';
import { createOperator } from './operators';
import { backdateRental } from './rental-clock';
import { handlerApi } from './sim-bank';

/**
 * Resale from upstream providers, end to end: each stand-in (SMS-Activate's protocol, 5sim's API) on a
 * port of its own, added and funded through `npm run ops`, synced, then bought from through handler_api
 * when our own numbers are excluded, its SMS polled to the customer, its cancel carried back with both
 * refunds, a kept cancel listed by reconcile; too expensive, slow and failing upstreams.
 *
 * Portugal (handler_api country 117, 5sim `portugal`) and one service sold there as Temporary: no other
 * test buys in Portugal, and `phoneException` leaves out our own Portuguese numbers (91, 92, 93, 96), so
 * every number sold here is an upstream's (theirs start 3516…).
 */

const root = join(import.meta.dirname, '../../..');
const runOps = (...args: string[]) =>
  promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/src/ops.ts', ...args], { cwd: root, env: process.env, timeout: 60_000 });

const ownPortuguesePrefixes = '35191,35192,35193,35196';
const preferredServices = ['vi', 'mt', 'nf', 'ds', 'dh', 'tn', 'oi', 'ts', 'mm', 'am'];

let portugal: { id: number };
let service: { code: string; product: string; priceCents: number };

beforeAll(async () => {
  expect(apiUrl).toBeTruthy();
  portugal = (await listCountryItems()).find((c) => c.iso === 'pt')!;
  const offers = await listOfferItems(portugal.id);
  const catalog = await serviceCatalog();
  for (const code of preferredServices) {
    const id = catalog.byCode.get(code)?.id;
    const offer = offers.find((o) => o.serviceId === id && o.temporaryPriceCents !== undefined && o.temporaryPriceCents >= 20);
    if (offer) {
      service = { code, product: fiveSimProductOfCode(code)!, priceCents: offer.temporaryPriceCents! };
      break;
    }
  }
  expect(service, 'a service sold as Temporary in Portugal that 5sim names').toBeDefined();
});

/** A price in the stand-in's currency for `cents` of ours (USD at 1, RUB at 0.01 a rouble). */
const priceOf = (currency: 'USD' | 'RUB', cents: number) => (currency === 'USD' ? (cents / 100).toFixed(2) : cents.toFixed(2));
const rateOf = (currency: 'USD' | 'RUB') => (currency === 'USD' ? '1' : '0.01');

interface TestUpstream {
  served: ServedUpstream;
  id: string;
  name: string;
  kind: UpstreamStandInKind;
  currency: 'USD' | 'RUB';
}

/** A stand-in on its own port selling the service in Portugal at `cents`, added and funded ($20) as an operator does it from the command line, then synced. */
async function upstreamSelling(kind: UpstreamStandInKind, cents: number, numberPrefix: string): Promise<TestUpstream> {
  const currency = kind === '5sim' ? 'RUB' : 'USD';
  const name = `up-${kind}-${randomUUID().slice(0, 8)}`;
  const key = `key-${randomUUID()}`;
  const line: StockLine =
    kind === '5sim'
      ? { country: 'portugal', service: service.product, operator: 'virtual4', price: priceOf(currency, cents), count: 20, numberPrefix }
      : { country: '117', service: service.code, operator: 'any', price: priceOf(currency, cents), count: 20, numberPrefix };
  const served = await serveUpstream(kind, { name, key, currency, balance: currency === 'USD' ? '100.00' : '10000.00', stock: [line] });
  const added = await runOps(
    'add-upstream',
    '--kind',
    kind,
    '--name',
    name,
    '--url',
    served.url,
    '--key',
    key,
    '--currency',
    currency,
    '--rate',
    rateOf(currency),
  );
  const id = /^id {2}(\S+)$/m.exec(added.stdout)?.[1];
  expect(id, added.stdout).toBeDefined();
  const deposited = await runOps('upstream-deposit', name, '--amount', '20', '--reason', 'Test deposit');
  expect(deposited.stdout).toContain('$20.00 deposited');
  expect(await upstreamAccountCents(id!)).toBe(20_00);
  expect(await syncUpstream((await findUpstream(id!))!)).toMatchObject({ ok: true, total: 20 });
  return { served, id: id!, name, kind, currency };
}

async function removeUpstream(upstream: TestUpstream | undefined): Promise<void> {
  if (!upstream) return;
  await runOps('remove-upstream', upstream.id);
  await upstream.served.stop();
}

/** One getNumber for the service in Portugal with our own numbers excluded: the answer and the buyer. */
async function buy() {
  const buyer = await userWithKey(10_00);
  const answer = await handlerApi({ api_key: buyer.key, action: 'getNumber', service: service.code, country: '117', phoneException: ownPortuguesePrefixes });
  return { ...buyer, answer };
}

/** handler_api refuses a cancel in an activation's first two minutes (the protocol's rule): as if bought 3 minutes ago. */
async function pastEarlyCancel(sub: string, activationId: string): Promise<void> {
  await backdateRental(sub, (await findActivation(Number(activationId)))!.rentalId, 3);
}

const activationOf = (upstream: TestUpstream, phone: string) => upstream.served.standIn.state.activations.find((a) => a.phone === phone);

describe.each(['sms-activate', '5sim'] as const)('an upstream speaking %s', (kind) => {
  let upstream: TestUpstream;
  /** It sells at half the customer's price: within the margin. */
  const costCents = () => Math.floor(service.priceCents / 2);

  beforeAll(async () => {
    upstream = await upstreamSelling(kind, costCents(), kind === '5sim' ? '3516800' : '3516900');
  });
  afterAll(() => removeUpstream(upstream));

  it('its offers are stored in our codes and cents, and its health recorded', async () => {
    const stock = (await upstreamStockIn(portugal.id)).find((s) => s.upstreamId === upstream.id);
    const serviceId = (await serviceCatalog()).byCode.get(service.code)!.id;
    expect(stock?.offers).toEqual([{ serviceId, costCents: costCents(), count: 20 }]);
    expect(await findUpstream(upstream.id)).toMatchObject({ stockTotal: 20, stockCountries: [portugal.id], lastLatencyMs: expect.any(Number) });
    expect((await findUpstream(upstream.id))?.lastError).toBeUndefined();
  });

  it('getNumber is served by it within maxPrice, its SMS reaches the customer through the poll, another code too, the finish is carried', async () => {
    const { key, answer } = await buy();
    const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(answer) ?? [];
    expect(answer).toMatch(kind === '5sim' ? /^ACCESS_NUMBER:\d+:35168\d+$/ : /^ACCESS_NUMBER:\d+:35169\d+$/);
    const activation = activationOf(upstream, phone!)!;
    const upstreamItem = (await findUpstream(upstream.id))!;
    // Asked at most the customer's price less the margin, in its currency.
    const ceiling = upstreamCostCeilingCents(service.priceCents, defaultMinMarginPercent);
    expect(activation.maxPrice).toBe(upstreamMaxPrice(ceiling, upstreamItem.rate));
    expect(Number(activation.price)).toBeLessThanOrEqual(Number(activation.maxPrice));
    // Its cost came out of its ledger account, in the purchase's own transaction.
    expect(await upstreamAccountCents(upstream.id)).toBe(20_00 - costCents());
    expect(upstreamItem).toMatchObject({ purchases: 1, spendCents: costCents() });

    upstream.served.standIn.deliverSms(activation.id, `Your code is 482913. Do not share it.`);
    const status = await until(
      async () => {
        await pollUpstreamCodesOnce();
        return handlerApi({ api_key: key, action: 'getStatus', id: id! });
      },
      (reply) => reply.startsWith('STATUS_OK'),
    );
    expect(status).toBe('STATUS_OK:482913');
    // Seen again by the next rounds: stored once, counted once.
    await pollUpstreamCodesOnce();
    await pollUpstreamCodesOnce();
    expect((await findUpstream(upstream.id))?.codes).toBe(1);

    // Another code: the upstream is told (SMS-Activate's setStatus 3; 5sim lists every SMS), and its next SMS reaches the customer.
    expect(await handlerApi({ api_key: key, action: 'setStatus', id: id!, status: '3' })).toBe('ACCESS_RETRY_GET');
    await pollUpstreamCodesOnce();
    if (kind === 'sms-activate') expect(activation.retryAfter).toBe(1);
    upstream.served.standIn.deliverSms(activation.id, `Your new code is 771234.`);
    expect(
      await until(
        async () => {
          await pollUpstreamCodesOnce();
          return handlerApi({ api_key: key, action: 'getStatus', id: id! });
        },
        (reply) => reply === 'STATUS_OK:771234',
      ),
    ).toBe('STATUS_OK:771234');
    expect((await findUpstream(upstream.id))?.codes).toBe(1); // still one activation with a code

    expect(await handlerApi({ api_key: key, action: 'setStatus', id: id!, status: '6' })).toBe('ACCESS_ACTIVATION');
    await until(
      async () => (await sendDueUpstreamEnds(), activation.status),
      (state) => state === 'finished',
    );
    // Kept: no refund from the upstream.
    expect(await upstreamAccountCents(upstream.id)).toBe(20_00 - costCents());
  });

  it('a cancel (setStatus 8) refunds the customer, reaches the upstream and refunds its account', async () => {
    const before = await upstreamAccountCents(upstream.id);
    const { user, key, answer } = await buy();
    const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(answer) ?? [];
    expect(answer).toMatch(/^ACCESS_NUMBER:/);
    expect(await balanceOf(user)).toBe(10_00 - service.priceCents);
    expect(await upstreamAccountCents(upstream.id)).toBe(before - costCents());

    await pastEarlyCancel(user.sub, id!);
    expect(await handlerApi({ api_key: key, action: 'setStatus', id: id!, status: '8' })).toBe('ACCESS_CANCEL');
    expect(await balanceOf(user)).toBe(10_00);
    const activation = activationOf(upstream, phone!)!;
    await until(
      async () => (await sendDueUpstreamEnds(), activation.status),
      (state) => state === 'cancelled',
    );
    expect(activation.refunded).toBe(true);
    expect(
      await until(
        () => upstreamAccountCents(upstream.id),
        (cents) => cents === before,
      ),
    ).toBe(before);
    expect((await reconcile()).upstreamLosses.find((loss) => loss.activationId === activation.id && loss.upstreamId === upstream.id)).toBeUndefined();
  });

  it('a number reported as not delivered is refunded to the customer, banned at the upstream and refunded to its account', async () => {
    const before = await upstreamAccountCents(upstream.id);
    const { user, answer } = await buy();
    const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(answer) ?? [];
    await pastEarlyCancel(user.sub, id!);
    const rentalId = (await findActivation(Number(id)))!.rentalId;
    const reported = await as(user.idToken).post(`/user/rentals/${rentalId}/report`, { reason: 'not_delivered' });
    expect(reported.status, JSON.stringify(reported.json)).toBe(200);
    expect(await balanceOf(user)).toBe(10_00);
    const activation = activationOf(upstream, phone!)!;
    // 5sim bans the number; SMS-Activate's protocol has no ban and cancels it.
    await until(
      async () => (await sendDueUpstreamEnds(), activation.status),
      (state) => state === (kind === '5sim' ? 'banned' : 'cancelled'),
    );
    expect(
      await until(
        () => upstreamAccountCents(upstream.id),
        (cents) => cents === before,
      ),
    ).toBe(before);
  });

  it('a cancel it accepts without refunding us is listed by reconcile with the money lost, and the books still agree', async () => {
    upstream.served.standIn.state.switches.keepMoneyOnCancel = true;
    try {
      const before = await upstreamAccountCents(upstream.id);
      const { user, key, answer } = await buy();
      const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(answer) ?? [];
      await pastEarlyCancel(user.sub, id!);
      expect(await handlerApi({ api_key: key, action: 'setStatus', id: id!, status: '8' })).toBe('ACCESS_CANCEL');
      expect(await balanceOf(user)).toBe(10_00);
      const activation = activationOf(upstream, phone!)!;
      await until(
        async () => (await sendDueUpstreamEnds(), activation.status),
        (state) => state === 'cancelled',
      );
      expect(activation.refunded).toBe(false);
      const report = await until(
        () => reconcile(),
        (r) => r.upstreamLosses.some((loss) => loss.activationId === activation.id && loss.upstreamId === upstream.id),
      );
      expect(report.upstreamLosses.find((loss) => loss.activationId === activation.id && loss.upstreamId === upstream.id)).toMatchObject({
        upstreamId: upstream.id,
        lostCents: costCents(),
        why: 'cancel accepted, nothing refunded',
      });
      const upstreamChecks = report.checks.find((check) => check.name.startsWith('every upstream activation'))!;
      expect(upstreamChecks.problems).toEqual([]);
      expect(await upstreamAccountCents(upstream.id)).toBe(before - costCents());
    } finally {
      upstream.served.standIn.state.switches.keepMoneyOnCancel = false;
    }
  });
});

describe('upstreams that cannot serve', () => {
  const upstreams: TestUpstream[] = [];
  afterAll(async () => {
    for (const upstream of upstreams) await removeUpstream(upstream);
  });

  it('one the operators exclude for the country and service is never asked; without the rule it serves', async () => {
    const excluded = await upstreamSelling('5sim', Math.floor(service.priceCents / 2), '3516400');
    upstreams.push(excluded);
    const ops = as((await createOperator()).idToken);
    const serviceId = (await serviceCatalog()).byCode.get(service.code)!.id;
    const rule = await ops.put('/ops/source-rules', { country_id: portugal.id, service_id: serviceId, exclude: [`upstream:${excluded.id}`] });
    expect(rule.status, JSON.stringify(rule.json)).toBe(200);
    await expireCatalogueCache();
    try {
      expect((await buy()).answer).toBe('NO_NUMBERS');
      expect(excluded.served.standIn.state.activations).toEqual([]);
    } finally {
      expect((await ops.put('/ops/source-rules', { country_id: portugal.id, service_id: serviceId, pin: null })).status).toBe(200);
      await expireCatalogueCache();
    }
    expect((await buy()).answer).toMatch(/^ACCESS_NUMBER:\d+:3516400\d+$/);
    await removeUpstream(excluded);
    upstreams.splice(upstreams.indexOf(excluded), 1);
  });

  it('one whose price leaves no margin is never asked: NO_NUMBERS', async () => {
    const dear = await upstreamSelling('sms-activate', service.priceCents, '3516700');
    upstreams.push(dear);
    const { answer } = await buy();
    expect(answer).toBe('NO_NUMBERS');
    expect(dear.served.standIn.state.activations).toEqual([]);
    expect(await upstreamAccountCents(dear.id)).toBe(20_00);
  });

  it('a slow one is given up after its deadline and the next serves, within the time budget; failing and slow: NO_NUMBERS within it', async () => {
    // Cheaper, so asked first; it answers after 6 s, past the 3 s a purchase gives an upstream.
    const slow = await upstreamSelling('sms-activate', Math.floor(service.priceCents / 4), '3516600');
    const steady = await upstreamSelling('5sim', Math.floor(service.priceCents / 2), '3516500');
    upstreams.push(slow, steady);
    slow.served.standIn.state.switches.slowMs = 6_000;

    let started = Date.now();
    const { answer } = await buy();
    const tookMs = Date.now() - started;
    expect(answer).toMatch(/^ACCESS_NUMBER:\d+:3516500\d+$/);
    expect(tookMs).toBeGreaterThanOrEqual(2_500);
    expect(tookMs).toBeLessThan(8_000 + 2_000); // the test clouds' budget for outside sources, and the purchase itself

    steady.served.standIn.state.switches.fail = 'http500';
    started = Date.now();
    expect((await buy()).answer).toBe('NO_NUMBERS');
    expect(Date.now() - started).toBeLessThan(8_000 + 2_000);
    slow.served.standIn.state.switches.slowMs = 0;
  });
});

describe('npm start’s registration of the demo stand-ins', () => {
  it('registers both once, deposits their opening balances once, and puts their stock on sale', async () => {
    const { registerDemoUpstreams } = await import('@numbernest/local/upstream/demo-registration');
    const cloud = { url: new URL(apiUrl).origin };
    const first = await registerDemoUpstreams(cloud);
    try {
      expect(first.map((u) => u.name)).toEqual(['herosms-demo', 'fivesim-demo']);
      // A second start finds them: the same upstreams, nothing deposited again.
      expect(await registerDemoUpstreams(cloud)).toEqual(first);
      const [hero, fivesim] = first;
      expect(await upstreamAccountCents(hero!.id)).toBe(25_00); // 25.00 USD
      expect(await upstreamAccountCents(fivesim!.id)).toBe(27_50); // 2,500.00 RUB at $0.011
      for (const { id } of first) expect(await findUpstream(id)).toMatchObject({ stockTotal: expect.any(Number), lastSyncAt: expect.any(String) });
      expect((await findUpstream(hero!.id))!.stockTotal).toBeGreaterThan(0);
    } finally {
      // Their stock would serve other files' purchases in this cloud.
      for (const { id } of first) await removeUpstreamOf(id, { sub: 'test', email: 'test@numbernest.local' });
    }
  });
});

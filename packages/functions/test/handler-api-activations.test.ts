import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { protocolJsonAnswerSchemas, protocolTextAnswerSchema, type ProtocolJsonAction } from '@numbernest/contracts/handler-api';
import { seedCatalog } from '@numbernest/core/seed';
import { post as postUpstream, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, setKeyBucket, userWithKey } from './api-keys';
import { balanceOf } from './auth-users';
import { ownNumbers, type OwnNumber } from './own-numbers';
import { fillWindows } from './rate-windows';
import { backdateRental } from './rental-clock';

/**
 * The handler_api's further activation calls through the local gateway: another code on the same
 * activation (setStatus 3), reactivation on the same number, history and every SMS, operators and
 * top countries, orderId and phoneException on getNumber, codes next to a `:`, and the per-key
 * token bucket.
 */

const service = (slug: string) => seedCatalog.services.find((s) => s.slug === slug)!;
const country = (iso: string) => seedCatalog.countries.find((c) => c.iso === iso)!;
const temporaryPrice = (iso: string, slug: string) =>
  seedCatalog.offers.find((o) => o.countryId === country(iso).id && o.serviceId === service(slug).id)!.temporaryPriceCents!;

/** One request; every answer HTTP 200 and one the contract describes. */
async function protocol(params: Record<string, string>): Promise<{ text: string; json?: any }> {
  const response = await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams(params).toString()}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  if ((response.headers.get('content-type') ?? '').includes('text/plain')) {
    expect(protocolTextAnswerSchema.safeParse(text).success, text).toBe(true);
    return { text };
  }
  const json = JSON.parse(text) as unknown;
  const schema = protocolJsonAnswerSchemas[params.action as ProtocolJsonAction];
  expect(schema, params.action).toBeDefined();
  const result = schema.safeParse(json);
  expect(result.success, `${params.action}: ${text} ${JSON.stringify(result.error?.issues)}`).toBe(true);
  return { text, json };
}

/**
 * Every activation here is Google in Poland, a country no other test file buys in or adds numbers to
 * (own-numbers.ts). An activation holds its number for the service, and a finished one keeps it
 * from anyone else for 90 days: sharing Germany's eight seeded numbers with handler-api.test.ts and
 * chargebacks.test.ts left whichever file came last with NO_NUMBERS. Own numbers on top of the
 * seeded ones leave room for every test here and make the pool larger than one getNumber sample.
 */
const market = { iso: 'pl', country: '15', dialCode: '48' } as const;
let ownPool: OwnNumber[] = [];
beforeAll(async () => {
  ownPool = await ownNumbers(NumberType.Temporary, country(market.iso).id, 30);
});

const answer = async (params: Record<string, string>) => (await protocol(params)).text;
async function jsonAnswer(params: Record<string, string>): Promise<any> {
  const reply = await protocol(params);
  expect(reply.json, reply.text).toBeDefined();
  return reply.json;
}

async function sms(to: string, from: string, body: string) {
  const reply = await postUpstream(twilioInboundRequest({ appUrl: apiUrl, to, from, body }));
  expect(reply.status, reply.body).toBe(200);
}

const accessNumber = /^ACCESS_NUMBER:(\d+):(\d+)$/;
function parsedNumber(text: string) {
  const match = accessNumber.exec(text);
  expect(match, text).not.toBeNull();
  const id = Number(match![1]);
  // Decimal integers a JavaScript client reads exactly.
  expect(Number.isSafeInteger(id) && id > 0 && String(id) === match![1]).toBe(true);
  return { id: match![1]!, phone: match![2]! };
}

describe('handler_api: another code, the whole code, and a reactivation', () => {
  it('setStatus 3 waits for a second code; codes after a `:` are answered whole; getAllSms, getHistory; reactivation on the same number', async () => {
    const { user, key } = await userWithKey();
    const price = temporaryPrice(market.iso, 'google');
    const before = await balanceOf(user);
    const { id, phone } = parsedNumber(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }));

    await sms(`+${phone}`, 'Google', 'Google code: 481-516. Do not share it: anyone asking is a scam.');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:481516');
    const v2 = await jsonAnswer({ api_key: key, action: 'getStatusV2', id });
    expect(v2.sms).toMatchObject({ code: '481516', text: 'Google code: 481-516. Do not share it: anyone asking is a scam.' });

    // Another code on the same activation: the old one until a newer comes, then the new one.
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '3' })).toBe('ACCESS_RETRY_GET');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_WAIT_RETRY:481516');
    expect((await jsonAnswer({ api_key: key, action: 'getStatusV2', id })).sms).toBeNull();
    await sms(`+${phone}`, 'Google', 'G-270918 is your Google verification code');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:270918');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '6' })).toBe('ACCESS_ACTIVATION');
    expect(await balanceOf(user)).toBe(before - price);

    const all = await jsonAnswer({ api_key: key, action: 'getAllSms', id });
    expect(all).toMatchObject({ status: 'success', quantity: 2 });
    expect(all.data.map((m: { code: string; text: string }) => [m.code, m.text])).toEqual([
      ['270918', 'G-270918 is your Google verification code'],
      ['481516', 'Google code: 481-516. Do not share it: anyone asking is a scam.'],
    ]);
    expect((await jsonAnswer({ api_key: key, action: 'getAllSms', id, page: '2', size: '1' })).data.map((m: { code: string }) => m.code)).toEqual(['481516']);

    const history = await jsonAnswer({ api_key: key, action: 'getHistory' });
    expect(history).toEqual([{ id: Number(id), date: expect.any(String), phone, sms: '["270918"]', cost: price / 100, status: '6' }]);

    // Reactivation: the same number for the same service, at today's price, with a new id.
    expect(await jsonAnswer({ api_key: key, action: 'checkExtraActivation', activationId: id })).toEqual({
      status: 'success',
      cost: price / 100,
      currency: 840,
      phone,
      service: 'go',
    });
    expect(await jsonAnswer({ api_key: key, action: 'reactivationPrice', id })).toMatchObject({ phone });
    const again = parsedNumber(await answer({ api_key: key, action: 'getExtraActivation', activationId: id }));
    expect(again.phone).toBe(phone);
    expect(Number(again.id)).toBeGreaterThan(Number(id));
    expect(await balanceOf(user)).toBe(before - 2 * price);
    expect(await answer({ api_key: key, action: 'getStatus', id: again.id })).toBe('STATUS_WAIT_CODE');
    // While it runs the number is held: neither the running one nor the finished one can be repeated meanwhile.
    expect(await answer({ api_key: key, action: 'getExtraActivation', activationId: again.id })).toBe('RENEW_ACTIVATION_NOT_AVAILABLE');
    expect(await answer({ api_key: key, action: 'reactivate', id })).toBe('NEW_ACTIVATION_IMPOSSIBLE');
    await sms(`+${phone}`, 'Google', 'G-555123 is your Google verification code');
    expect(await answer({ api_key: key, action: 'getStatus', id: again.id })).toBe('STATUS_OK:555123');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:270918'); // the first keeps its own code

    // Someone else's activation, and ids that are no activation.
    const other = await userWithKey();
    expect(await answer({ api_key: other.key, action: 'getExtraActivation', activationId: id })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: other.key, action: 'getAllSms', id })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: key, action: 'getExtraActivation', activationId: 'abc' })).toBe('WRONG_ACTIVATION_ID');
    expect(await answer({ api_key: key, action: 'getExtraActivation', activationId: '9007199254740993' })).toBe('WRONG_ACTIVATION_ID');
    expect(await answer({ api_key: key, action: 'getStatus', id: '9007199254740993' })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: key, action: 'getStatus', id: '1e3' })).toBe('NO_ACTIVATION');
  }, 60_000);

  it('an activation cancelled without a code cannot be repeated', async () => {
    const { key } = await userWithKey();
    const { id } = parsedNumber(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }));
    expect(await answer({ api_key: key, action: 'checkExtraActivation', activationId: id })).toBe('RENEW_ACTIVATION_NOT_AVAILABLE');
    expect(await answer({ api_key: key, action: 'getExtraActivation', activationId: id })).toBe('RENEW_ACTIVATION_NOT_AVAILABLE');
  });
});

describe('handler_api: setStatus 8 with a reason reports the number', () => {
  const rentalOf = async (id: string) => (await (await import('@numbernest/core/rentals')).findActivationWithRental(Number(id)))!.rental;

  it('refunds as the web’s Report number does, by its rules; an unknown reason, or one on another status, is BAD_STATUS', async () => {
    const { user, key } = await userWithKey();
    const before = await balanceOf(user);
    const used = parsedNumber(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }));
    expect(await answer({ api_key: key, action: 'setStatus', id: used.id, status: '8', reason: 'spam' })).toBe('BAD_STATUS');
    expect(await answer({ api_key: key, action: 'setStatus', id: used.id, status: '6', reason: 'already_used' })).toBe('BAD_STATUS');
    await sms(`+${used.phone}`, 'Google', 'G-135790 is your Google verification code');
    expect(await answer({ api_key: key, action: 'getStatus', id: used.id })).toBe('STATUS_OK:135790');
    // A code came: it was delivered, so only "already used" is a report now.
    expect(await answer({ api_key: key, action: 'setStatus', id: used.id, status: '8', reason: 'not_delivered' })).toBe('BAD_STATUS');
    expect(await answer({ api_key: key, action: 'setStatus', id: used.id, status: '8', reason: 'already_used' })).toBe('ACCESS_CANCEL');
    expect(await rentalOf(used.id)).toMatchObject({ ended: 'refunded', reported: { reason: 'already_used' } });
    expect(await answer({ api_key: key, action: 'getStatus', id: used.id })).toBe('STATUS_CANCEL');
    expect(await balanceOf(user)).toBe(before);

    // No code: not in the first two minutes, as a cancel; then refunded.
    const silent = parsedNumber(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }));
    expect(await answer({ api_key: key, action: 'setStatus', id: silent.id, status: '8', reason: 'not_delivered' })).toBe('EARLY_CANCEL_DENIED');
    await backdateRental(user.sub, (await rentalOf(silent.id)).id, 3);
    expect(await answer({ api_key: key, action: 'setStatus', id: silent.id, status: '8', reason: 'not_delivered' })).toBe('ACCESS_CANCEL');
    expect(await rentalOf(silent.id)).toMatchObject({ ended: 'refunded', reported: { reason: 'not_delivered' } });
    expect(await balanceOf(user)).toBe(before);
    // Reported again: it has ended.
    expect(await answer({ api_key: key, action: 'setStatus', id: silent.id, status: '8', reason: 'not_delivered' })).toBe('BAD_STATUS');
  });
});

describe('handler_api: getNumber with orderId and phoneException', () => {
  it('the same orderId again (even at once) answers the same activation and debits once; another key or orderId buys anew', async () => {
    const { user, key } = await userWithKey();
    const price = temporaryPrice(market.iso, 'google');
    const before = await balanceOf(user);
    const orderId = `order-${randomUUID()}`;
    const buy = (k = key, order = orderId) => answer({ api_key: k, action: 'getNumber', service: 'go', country: market.country, orderId: order });
    const answers = await Promise.all([buy(), buy(), buy()]);
    answers.push(await buy());
    expect(new Set(answers).size, answers.join(' ')).toBe(1);
    parsedNumber(answers[0]!);
    expect(await balanceOf(user)).toBe(before - price);

    const fresh = await buy(key, `order-${randomUUID()}`);
    expect(fresh).not.toBe(answers[0]);
    const secondKey = await createKey(user, 'second bot');
    expect(await buy(secondKey)).not.toBe(answers[0]);
    expect(await balanceOf(user)).toBe(before - 3 * price);
  }, 30_000);

  it('phoneException keeps the numbers with those prefixes out; a malformed list is WRONG_EXCEPTION_PHONE', async () => {
    const { key } = await userWithKey();
    const buy = (phoneException: string) => answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country, phoneException });
    expect(await buy('49x')).toBe('WRONG_EXCEPTION_PHONE');
    expect(await buy('49,')).toBe('WRONG_EXCEPTION_PHONE');
    expect(await buy(market.dialCode)).toBe('NO_NUMBERS'); // every Polish number starts with 48
    const { phone } = parsedNumber(await buy('1,+44'));
    // Every Polish number but this one's prefix of six digits: never this one's.
    for (let i = 0; i < 3; i++) {
      const text = await buy(phone.slice(0, 6));
      if (text === 'NO_NUMBERS') break;
      expect(parsedNumber(text).phone.startsWith(phone.slice(0, 6))).toBe(false);
    }
  }, 30_000);
});

describe('handler_api: getNumber when most numbers are excluded', () => {
  it('phoneException that leaves one free number among many finds it (not only when a first sample holds it)', async () => {
    const { key } = await userWithKey();
    // One fresh number, and every other Temporary number of the country excluded by its whole digits.
    const [target] = await ownNumbers(NumberType.Temporary, country(market.iso).id, 1);
    const seeded = seedCatalog.numbers.filter((n) => n.countryId === country(market.iso).id && n.typeId === NumberType.Temporary);
    const excluded = [...seeded, ...ownPool].map((n) => n.e164.slice(1));
    expect(excluded.length).toBeGreaterThan(25); // more than one sample of getNumber
    const text = await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country, phoneException: excluded.join(',') });
    expect(parsedNumber(text).phone).toBe(target!.e164.slice(1));
    // Now every number is excluded or held: none.
    expect(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country, phoneException: excluded.join(',') })).toBe('NO_NUMBERS');
  }, 30_000);
});

describe('handler_api: the account’s purchase limits', () => {
  it('over the hourly or the daily purchase limit, getNumber and a reactivation answer BANNED until the window ends and debit nothing', async () => {
    const { user, key } = await userWithKey();
    // A finished activation with its code: one that may be repeated.
    const { id, phone } = parsedNumber(await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }));
    await sms(`+${phone}`, 'Google', 'G-314159 is your Google verification code');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '6' })).toBe('ACCESS_ACTIVATION');
    expect(await answer({ api_key: key, action: 'checkExtraActivation', activationId: id })).toContain('"status":"success"');
    const before = await balanceOf(user);

    const { purchaseLimits } = await import('@numbernest/core/rentals');
    for (const limit of purchaseLimits) {
      // Full for the window of now and the next (a test that crosses the hour still meets a full one).
      const windows = await fillWindows(limit, user.sub, limit.limit);
      const answers = [
        await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country }),
        await answer({ api_key: key, action: 'getExtraActivation', activationId: id }),
        await answer({ api_key: key, action: 'reactivate', id }),
      ];
      for (const text of answers) {
        const until = /^BANNED:'(\d{4}-\d\d-\d\d) (\d\d)-(\d\d)-(\d\d)'$/.exec(text);
        expect(until, `${limit.scope}: ${text}`).not.toBeNull();
        const endsAt = Date.parse(`${until![1]}T${until![2]}:${until![3]}:${until![4]}Z`);
        expect(endsAt).toBeGreaterThan(Date.now());
        expect(endsAt).toBeLessThanOrEqual(Date.now() + limit.windowSeconds * 1000);
      }
      expect((await windows.counts()).every((n) => n === limit.limit)).toBe(true); // nothing counted
      await fillWindows(limit, user.sub, 0);
    }
    expect(await balanceOf(user)).toBe(before);
    // Under the limits again, the same reactivation is bought.
    expect(parsedNumber(await answer({ api_key: key, action: 'getExtraActivation', activationId: id })).phone).toBe(phone);
    expect(await balanceOf(user)).toBe(before - temporaryPrice(market.iso, 'google'));
  }, 30_000);
});

describe('handler_api: history, operators, top countries', () => {
  it('answers in the protocol’s shapes, with their error words', async () => {
    const { key } = await userWithKey();
    expect(await jsonAnswer({ api_key: key, action: 'getHistory' })).toEqual([]);
    const now = Math.floor(Date.now() / 1000);
    expect(await answer({ api_key: key, action: 'getHistory', start: String(now - 31 * 86_400), end: String(now) })).toBe('WRONG_DATE');
    expect(await answer({ api_key: key, action: 'getHistory', start: 'yesterday' })).toBe('WRONG_DATE');
    expect(await answer({ api_key: key, action: 'getHistory', start: String(now), end: String(now - 10) })).toBe('WRONG_DATE');
    expect(await answer({ api_key: key, action: 'getAllSms', id: 'x' })).toBe('WRONG_ACTIVATION_ID');

    expect(await jsonAnswer({ api_key: key, action: 'getOperators', country: '43' })).toEqual({ status: 'success', countryOperators: { '43': ['any'] } });
    const all = await jsonAnswer({ api_key: key, action: 'getOperators' });
    expect(Object.keys(all.countryOperators)).toEqual(expect.arrayContaining(['43', '187']));
    expect(await answer({ api_key: key, action: 'getOperators', country: '5' })).toBe('OPERATORS_NOT_FOUND');

    // A purchase counts in its country's share (from the day counters, not a scan).
    await answer({ api_key: key, action: 'getNumber', service: 'go', country: market.country });
    const top = await jsonAnswer({ api_key: key, action: 'getTopCountriesByService', service: 'go' });
    const rows = Object.values(top) as Array<{ country: number; share: number; price: number }>;
    expect(rows.length).toBeGreaterThan(1);
    const poland = rows.find((r) => r.country === Number(market.country))!;
    expect(poland.share).toBeGreaterThan(0);
    expect(poland.price).toBe(temporaryPrice(market.iso, 'google') / 100);
    expect(rows.reduce((sum, r) => sum + r.share, 0)).toBeCloseTo(100, 0);
    expect(Object.keys(top)).toEqual(rows.map((_, i) => String(i)));
    expect(await answer({ api_key: key, action: 'getTopCountriesByService', service: 'zz' })).toBe('BAD_SERVICE');
    expect(Object.keys(await jsonAnswer({ api_key: key, action: 'getTopCountriesByService' })).length).toBeGreaterThan(1);
  }, 30_000);
});

describe('handler_api: the per-key token bucket', () => {
  it('serves a burst of 60 after a pause, refuses the 61st at once, refills at 20 a second (driven by a clock)', async () => {
    const { takeToken } = await import('@numbernest/core/developer');
    const subject = `test-${randomUUID()}`;
    const t0 = Date.now();
    const burst = await Promise.all(Array.from({ length: 60 }, () => takeToken(subject, t0)));
    expect(burst.filter(Boolean)).toHaveLength(60);
    expect(await takeToken(subject, t0)).toBe(false);
    expect(await takeToken(subject, t0 + 10)).toBe(false);
    // One token every 50 ms.
    expect(await takeToken(subject, t0 + 50)).toBe(true);
    expect(await takeToken(subject, t0 + 50)).toBe(false);
    // Sustained: 20 a second are served, the 21st is not.
    const second = await Promise.all(Array.from({ length: 21 }, () => takeToken(subject, t0 + 1050)));
    expect(second.filter(Boolean)).toHaveLength(20);
    // Full again after a pause of 3 s.
    const later = await Promise.all(Array.from({ length: 61 }, () => takeToken(subject, t0 + 5000)));
    expect(later.filter(Boolean)).toHaveLength(60);
  }, 30_000);

  it('a configurable bucket holds its own figures', async () => {
    const { takeToken } = await import('@numbernest/core/developer');
    const subject = `test-${randomUUID()}`;
    const small = { requestsPerSecond: 2, burst: 3 };
    const t0 = Date.now();
    const served = [];
    for (let i = 0; i < 4; i++) served.push(await takeToken(subject, t0, small));
    expect(served).toEqual([true, true, true, false]);
    expect(await takeToken(subject, t0 + 499, small)).toBe(false);
    expect(await takeToken(subject, t0 + 500, small)).toBe(true);
  });

  it('through the gateway: a fresh key’s burst of 60 is served; a flood past it is ERROR_RATE_LIMIT (HTTP 200)', async () => {
    const { key } = await userWithKey();
    const getBalance = () => answer({ api_key: key, action: 'getBalance' });
    expect(new Set(await Promise.all(Array.from({ length: 60 }, getBalance)))).toEqual(new Set(['ACCESS_BALANCE:10.00']));
    // Floods of 100 at once (up to 4, in case a busy machine spreads one over seconds of refill).
    const flood: string[] = [];
    for (let round = 0; round < 4 && !flood.includes('ERROR_RATE_LIMIT'); round++) flood.push(...(await Promise.all(Array.from({ length: 100 }, getBalance))));
    expect(flood).toContain('ERROR_RATE_LIMIT');
    expect(new Set(flood)).toEqual(new Set(['ACCESS_BALANCE:10.00', 'ERROR_RATE_LIMIT']));
    await setKeyBucket(key, 'full'); // a pause
    expect(await getBalance()).toBe('ACCESS_BALANCE:10.00');
  }, 30_000);
});

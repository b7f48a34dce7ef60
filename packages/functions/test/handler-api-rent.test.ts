import { apiUrl, cloudQueueIdle } from './api'; // first: points this process at the local cloud
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rentAnswerSchemas, rentWebhookPayloadSchema, type RentAction } from '@numbernest/contracts/handler-api';
import { rentalPrice } from '@numbernest/core/pricing';
import { seedCatalog } from '@numbernest/core/seed';
import { post as postUpstream, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { afterAll, describe, expect, it } from 'vitest';
import { createKey, userWithKey } from './api-keys';
import { as, balanceOf, type TestUser } from './auth-users';
import { fillWindows } from './rate-windows';
import { backdateRental } from './rental-clock';
import { until } from './rent-own';

/**
 * The SMS-Activate rent API (/stubs/handler_api.php, getRent… actions) through the local gateway:
 * each action and error word, checked against the contract's schemas; orderId; the rent journey with a real
 * inbound SMS, an extension and a finish; a cancel with its refund inside the window and
 * CANT_CANCEL outside it; the rent's own webhook URL, signed.
 *
 * The server picks the number, so rents are made where no other file has the server pick Shared or
 * Private numbers: Brazil (73) for Shared Telegram, Italy (86) for Private (`full`). Other files
 * only buy Temporary numbers there.
 */

const country = (iso: string) => seedCatalog.countries.find((c) => c.iso === iso)!;
const service = (slug: string) => seedCatalog.services.find((s) => s.slug === slug)!;
const sharedOffer = (iso: string, slug: string) => seedCatalog.offers.find((o) => o.countryId === country(iso).id && o.serviceId === service(slug).id)!;
const privateOffer = (iso: string) => seedCatalog.privateOffers.find((p) => p.countryId === country(iso).id)!;
const dollars = (cents: number) => cents / 100;
const brazil = '73';
const italy = '86';
const weekOfTelegram = rentalPrice(sharedOffer('br', 'telegram'), 1);

async function rent(params: Record<string, string>): Promise<any> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${apiUrl}/stubs/handler_api.php?${query}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('content-type'), text).toContain('application/json');
  const body = JSON.parse(text);
  // Every answer is one the contract describes, so the docs built from it stay true.
  const result = rentAnswerSchemas[params.action as RentAction].safeParse(body);
  expect(result.success, `${params.action}: ${text} ${JSON.stringify(result.error?.issues)}`).toBe(true);
  return body;
}

async function sms(to: string, from: string, body: string) {
  const reply = await postUpstream(twilioInboundRequest({ appUrl: apiUrl, to, from, body }));
  expect(reply.status, reply.body).toBe(200);
}

async function rentalOf(id: number) {
  const { findRent, findRental } = await import('@numbernest/core/rentals');
  const rent = (await findRent(id))!;
  return (await findRental(rent.sub, rent.rentalId))!;
}

async function ledgerKinds(user: TestUser) {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(user.sub)).map((e) => e.kind);
}

const error = (message: string, info?: object) => ({ status: 'error', message, ...(info ? { info } : {}) });
const hoursFromNow = (endDate: string) => (Date.parse(`${endDate}Z`) - Date.now()) / 3600_000;

describe('rent API: conformance', () => {
  it('getRentServicesAndCountries prices Shared per service and Private as `full` for the period covering the hours', async () => {
    const { key } = await userWithKey(100_00);
    const week = await rent({ api_key: key, action: 'getRentServicesAndCountries', rent_time: '4', country: brazil });
    expect(week.currency).toBe(840);
    expect(week.operators).toEqual({ '0': 'any' });
    expect(Object.values(week.countries)).toEqual(expect.arrayContaining([0, 16, 73, 187]));
    expect(week.services.tg).toEqual({
      cost: dollars(weekOfTelegram.totalCents),
      retail_cost: dollars(weekOfTelegram.originalCents),
      quant: { current: expect.any(Number), total: expect.any(Number) },
    });
    expect(week.services.tg.quant.current).toBeGreaterThan(0);
    expect(week.services.full.cost).toBe(dollars(rentalPrice(privateOffer('br'), 1).totalCents));

    // 200 hours: 2 Week; HeroSMS's `duration` is the same parameter.
    const twoWeeks = await rent({ api_key: key, action: 'getRentServicesAndCountries', duration: '200', country: brazil });
    expect(twoWeeks.services.tg.cost).toBe(dollars(rentalPrice(sharedOffer('br', 'telegram'), 2).totalCents));
    const month = await rent({ api_key: key, action: 'getRentServicesAndCountries', rent_time: '720', country: brazil });
    expect(month.services.full.cost).toBe(dollars(rentalPrice(privateOffer('br'), 3).totalCents));

    expect((await rent({ api_key: key, action: 'getRentServicesAndCountries', country: brazil, incomingCall: 'true' })).services).toEqual({});
    expect((await rent({ api_key: key, action: 'getRentServicesAndCountries', country: brazil, operator: 'vivo' })).services).toEqual({});
    expect((await rent({ api_key: key, action: 'getRentServicesAndCountries', country: '5' })).services).toEqual({});
    expect(await rent({ api_key: key, action: 'getRentServicesAndCountries', rent_time: '721' })).toEqual(error('MAX_HOURS_EXCEED', { max: 720 }));
    expect(await rent({ api_key: key, action: 'getRentServicesAndCountries', rent_time: 'soon' })).toEqual(error('INVALID_TIME'));
  });

  it('answers each error word of getRentNumber and of the actions on a rent id', async () => {
    const { key } = await userWithKey(100_00);
    const ask = (params: Record<string, string>) => rent({ api_key: key, ...params });
    expect(await ask({ action: 'getRentNumber', service: 'zz_nope', country: brazil })).toEqual(error('BAD_SERVICE'));
    expect(await ask({ action: 'getRentNumber', service: 'tg', country: brazil, operator: 'vivo' })).toEqual(error('WRONG_OPERATOR'));
    expect(await ask({ action: 'getRentNumber', service: 'tg', country: brazil, operator: 'any', rent_time: '0' })).toEqual(error('INVALID_TIME'));
    expect(await ask({ action: 'getRentNumber', service: 'tg', country: brazil, rent_time: '1000' })).toEqual(error('MAX_HOURS_EXCEED', { max: 720 }));
    expect(await ask({ action: 'getRentNumber', service: 'tg', country: '5' })).toEqual(error('NO_NUMBERS'));
    // The rent's URL follows the customer webhooks' rules: no internal addresses.
    expect(await ask({ action: 'getRentNumber', service: 'tg', country: brazil, url: 'http://169.254.169.254/latest' })).toEqual(error('BAD_URL'));
    expect(await ask({ action: 'getRentNumber', service: 'tg', country: brazil, url: 'ftp://example.com/' })).toEqual(error('BAD_URL'));
    const poor = await userWithKey(0);
    expect(await rent({ api_key: poor.key, action: 'getRentNumber', service: 'tg', country: brazil })).toEqual(error('NO_BALANCE'));

    for (const action of ['getRentStatus', 'continueRentNumber', 'continueRentInfo', 'getContinueRentPriceNumber'])
      expect(await ask({ action, id: '1' }), action).toEqual(error('NO_ID_RENT'));
    expect(await ask({ action: 'setRentStatus', id: 'abc', status: '1' })).toEqual(error('NO_ID_RENT'));
    expect(await ask({ action: 'getRentList' })).toEqual({ status: 'success', values: {} });
  });

  it('the purchase limit answers CHANNELS_LIMIT with the time it ends, and nothing is debited', async () => {
    const { user, key } = await userWithKey(100_00);
    const { purchaseLimits } = await import('@numbernest/core/rentals');
    const hourly = purchaseLimits[0]!;
    await fillWindows(hourly, user.sub, hourly.limit, 2);
    const answer = await rent({ api_key: key, action: 'getRentNumber', service: 'tg', country: brazil });
    expect(answer).toEqual(error('CHANNELS_LIMIT', { until: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d-\d\d-\d\d$/) }));
    expect(await balanceOf(user)).toBe(100_00);
  });

  it('the same orderId again (even at once) answers the same rent and debits once; another orderId or key rents anew', async () => {
    const { user, key } = await userWithKey(100_00);
    const orderId = `order-${randomUUID()}`;
    const order = (k = key, id = orderId, service = 'tg') => rent({ api_key: k, action: 'getRentNumber', service, country: brazil, orderId: id });
    const answers = await Promise.all([order(), order(), order()]);
    answers.push(await order());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers)).toBe(1);
    expect(answers[0].status).toBe('success');
    const price = weekOfTelegram.totalCents;
    expect(await balanceOf(user)).toBe(100_00 - price);
    expect((await rent({ api_key: key, action: 'getRentList' })).values).toEqual({ '0': expect.objectContaining({ id: answers[0].phone.id }) });

    expect((await order(key, `order-${randomUUID()}`)).phone.id).not.toBe(answers[0].phone.id);
    // An orderId is the key's own (WhatsApp: one account holds at most two of Brazil's few Telegram numbers).
    expect((await order(await createKey(user, 'second bot'), orderId, 'wa')).phone.id).not.toBe(answers[0].phone.id);
    expect(await balanceOf(user)).toBe(100_00 - 2 * price - rentalPrice(sharedOffer('br', 'whatsapp'), 1).totalCents);
  }, 30_000);
});

describe('rent API: journeys', () => {
  it('rent -> SMS -> getRentStatus -> continue -> finish, on the same ledger as the web', async () => {
    const { user, key } = await userWithKey(100_00);
    const got = await rent({ api_key: key, action: 'getRentNumber', service: 'tg', country: brazil, rent_time: '4', operator: 'any' });
    expect(got.status).toBe('success');
    const { id, number, endDate } = got.phone;
    expect(number).toMatch(/^55\d+$/);
    expect(hoursFromNow(endDate)).toBeCloseTo(168, 0); // 4 hours buy the shortest period, 1 Week
    expect(await balanceOf(user)).toBe(100_00 - weekOfTelegram.totalCents);
    const rental = await rentalOf(id);
    expect(rental).toMatchObject({ sub: user.sub, typeId: 1, serviceId: service('telegram').id, rentId: id });
    expect(await as(user.idToken).get(`/user/rentals/${rental.id}`)).toMatchObject({ status: 200 });

    expect(await rent({ api_key: key, action: 'getRentList' })).toEqual({ status: 'success', values: { '0': { id, phone: number } } });
    expect(await rent({ api_key: key, action: 'getRentStatus', id: String(id) })).toEqual(error('STATUS_WAIT_CODE'));

    await sms(`+${number}`, 'Telegram', 'Telegram code 11111');
    await sms(`+${number}`, 'Telegram', 'Telegram code 22222');
    const status = await rent({ api_key: key, action: 'getRentStatus', id: String(id) });
    expect(status).toMatchObject({ status: 'success', quantity: '2' });
    expect(status.values['0']).toEqual({ phoneFrom: 'Telegram', text: 'Telegram code 22222', service: 'tg', date: expect.any(String) });
    expect(status.values['1'].text).toBe('Telegram code 11111');
    const second = await rent({ api_key: key, action: 'getRentStatus', id: String(id), page: '1', size: '1' });
    expect(second).toMatchObject({ quantity: '2', values: { '0': { text: 'Telegram code 11111' } } });
    expect(Object.keys(second.values)).toHaveLength(1);

    const info = await rent({ api_key: key, action: 'continueRentInfo', id: String(id), hours: '24' });
    expect(info).toEqual({ status: 'success', price: dollars(weekOfTelegram.totalCents), currency: 840, hours: 168 });
    expect(await rent({ api_key: key, action: 'getContinueRentPriceNumber', id: String(id), rent_time: '24' })).toEqual(info);
    expect(await rent({ api_key: key, action: 'continueRentInfo', id: String(id), hours: '800' })).toEqual(error('MAX_HOURS_EXCEED', { max: 720 }));
    const continued = await rent({ api_key: key, action: 'continueRentNumber', id: String(id), rent_time: '24' });
    expect(continued).toMatchObject({ status: 'success', phone: { id, number } });
    expect(hoursFromNow(continued.phone.endDate)).toBeCloseTo(336, 0);
    expect(await balanceOf(user)).toBe(100_00 - 2 * weekOfTelegram.totalCents);

    // An SMS came: no cancel; a finish ends it without a refund.
    expect(await rent({ api_key: key, action: 'setRentStatus', id: String(id), status: '2' })).toEqual(error('CANT_CANCEL'));
    expect(await rent({ api_key: key, action: 'setRentStatus', id: String(id), status: '7' })).toEqual(error('INCORECT_STATUS'));
    expect(await rent({ api_key: key, action: 'setRentStatus', id: String(id), status: '1' })).toEqual({ status: 'success' });
    expect(await rent({ api_key: key, action: 'getRentStatus', id: String(id) })).toEqual(error('STATUS_FINISH'));
    expect(await rent({ api_key: key, action: 'setRentStatus', id: String(id), status: '1' })).toEqual(error('ALREADY_FINISH'));
    expect(await rent({ api_key: key, action: 'continueRentNumber', id: String(id), rent_time: '24' })).toEqual(error('RENT_DIE'));
    expect(await rent({ api_key: key, action: 'getRentList' })).toEqual({ status: 'success', values: {} });
    expect(await balanceOf(user)).toBe(100_00 - 2 * weekOfTelegram.totalCents);
    const kinds = await ledgerKinds(user);
    expect(kinds).toEqual(expect.arrayContaining(['purchase', 'extension']));
    expect(kinds).not.toContain('refund');

    // Someone else's rent id is no rent of theirs.
    const other = await userWithKey(100_00);
    expect(await rent({ api_key: other.key, action: 'getRentStatus', id: String(id) })).toEqual(error('NO_ID_RENT'));
  });

  it('a cancel inside the refund window refunds in full; outside it (or once used) CANT_CANCEL', async () => {
    const { user, key } = await userWithKey(100_00);
    const price = rentalPrice(privateOffer('it'), 1).totalCents;
    const got = await rent({ api_key: key, action: 'getRentNumber', service: 'full', country: italy, duration: '168' });
    expect(got.status).toBe('success');
    const id = String(got.phone.id);
    expect((await rentalOf(got.phone.id)).typeId).toBe(2);
    expect(await balanceOf(user)).toBe(100_00 - price);
    expect(await rent({ api_key: key, action: 'setRentStatus', id, status: '2' })).toEqual({ status: 'success' });
    expect(await balanceOf(user)).toBe(100_00);
    expect(await rent({ api_key: key, action: 'getRentStatus', id })).toEqual(error('STATUS_CANCEL'));
    expect(await rent({ api_key: key, action: 'setRentStatus', id, status: '2' })).toEqual(error('ALREADY_CANCEL'));
    expect(await rent({ api_key: key, action: 'setRentStatus', id, status: '1' })).toEqual(error('ALREADY_CANCEL'));

    const late = await rent({ api_key: key, action: 'getRentNumber', service: 'tg', country: brazil });
    const rental = await rentalOf(late.phone.id);
    await backdateRental(user.sub, rental.id, 21);
    expect(await rent({ api_key: key, action: 'setRentStatus', id: String(late.phone.id), status: '2' })).toEqual(error('CANT_CANCEL'));
    const before = await balanceOf(user);
    expect(await rent({ api_key: key, action: 'setRentStatus', id: String(late.phone.id), status: '1' })).toEqual({ status: 'success' });
    expect(await balanceOf(user)).toBe(before);
    expect(await rent({ api_key: key, action: 'getRentStatus', id: String(late.phone.id) })).toEqual(error('STATUS_FINISH'));
  });
});

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('rent API: the rent’s webhook URL', () => {
  it('each SMS to the rent is posted to its url in SMS-Activate’s rent form, signed with the account’s webhook secret', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['x-numbernest-signature'] ?? '') });
        res.writeHead(204).end();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rent-hook`;

    const { user, key } = await userWithKey(100_00);
    const got = await rent({ api_key: key, action: 'getRentNumber', service: 'tg', country: brazil, url });
    expect(got.status).toBe('success');
    await sms(`+${got.phone.number}`, 'Telegram', 'Telegram code 33333');
    const delivery = await until('the rent webhook', async () => received[0]);

    const payload = rentWebhookPayloadSchema.parse(JSON.parse(delivery.body));
    expect(payload).toEqual({ rentId: got.phone.id, sms: { text: 'Telegram code 33333', date: expect.any(String), smsId: expect.any(String) } });
    const secret = ((await as(user.idToken).get('/user/webhook')).json as { data: { secret: string | null } }).data.secret!;
    expect(secret).toMatch(/^whsec_/);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature)!;
    const expected = createHmac('sha256', secret).update(`${match[1]}.${delivery.body}`).digest();
    expect(timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))).toBe(true);

    // A rent without a url sends nothing there.
    const plain = await rent({ api_key: key, action: 'getRentNumber', service: 'tg', country: brazil });
    await sms(`+${plain.phone.number}`, 'Telegram', 'Telegram code 44444');
    await cloudQueueIdle();
    expect(received).toHaveLength(1);
  });
});

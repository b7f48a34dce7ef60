import { expectError, expectFieldErrors, until } from './api'; // first: points this process at the local cloud
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { partnerShareReplySchema, type PartnerShareReply } from '@numbernest/contracts';
import { auditReplySchema } from '@numbernest/contracts/ops';
import { countryIdOfIso, listCountryItems, listOfferItems, serviceCatalog } from '@numbernest/core/catalogue';
import { findActivation, findRental } from '@numbernest/core/rentals';
import { findAgent, pollAgentsOnce, readPartnerShare, sendDueAgentFinishes, sharePercentFor } from '@numbernest/core/supply';
import type { SimBank } from '@numbernest/local/simbank/bank';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from './api-keys';
import { as, balanceOf, call, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { handlerApi, partnerWithAgent, serveSimBank, type ServedSimBank } from './sim-bank';

/**
 * The partners' share per country and service: operators set a default and rules (console API and
 * CLI), the most specific rule of a sale wins, and it is what GET_NUMBER offers the agent (`sum`) and
 * what the partner is credited when the activation is sold.
 */

/** Georgia: a country no other test's agent sells in; our own numbers there (the seed's, +9955…) excluded, only this suite's bank can serve. */
const georgia = { iso: 'ge', protocol: 'georgia', ownPrefixes: '9955', bankPhones: ['995321234501', '995321234502'] };

let operator: TestUser;
let us: { id: number };
let gb: { id: number };
let telegram: { id: number; name: string };
let whatsapp: { id: number };
const ops = () => as(operator.idToken);

beforeAll(async () => {
  operator = await createOperator();
  const countries = await listCountryItems();
  us = countries.find((c) => c.iso === 'us')!;
  gb = countries.find((c) => c.iso !== 'us')!;
  const services = [...(await serviceCatalog()).byId.values()];
  telegram = services.find((s) => s.slug === 'telegram')!;
  whatsapp = services.find((s) => s.slug === 'whatsapp')!;
}, 60_000);

/** Puts the share back as the other suites expect it: the default of 60 % and no rules. */
afterAll(async () => {
  for (const rule of (await shareOf()).rules) await ops().delete(`/ops/partner-share/rules/${rule.country_id ?? 'any'}/${rule.service_id ?? 'any'}`);
  await ops().put('/ops/partner-share', { default_percent: 60 });
});

async function shareOf(): Promise<PartnerShareReply['data']> {
  const reply = await ops().get('/ops/partner-share');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return partnerShareReplySchema.parse(reply.json).data;
}

async function put(body: unknown): Promise<PartnerShareReply['data']> {
  const reply = await ops().put('/ops/partner-share', body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return partnerShareReplySchema.parse(reply.json).data;
}

describe('the partners’ share rules', () => {
  it('the most specific rule wins: country and service, then the service, then the country, then the default', async () => {
    await put({ default_percent: 50 });
    await put({ country_id: us.id, service_id: null, percent: 55 });
    await put({ country_id: null, service_id: telegram.id, percent: 65 });
    const view = await put({ country_id: us.id, service_id: telegram.id, percent: 70.5 });
    expect(view.default_percent).toBe(50);
    expect(view.edited_by).toBe(operator.email);

    const share = await readPartnerShare(true);
    expect(sharePercentFor(share, us.id, telegram.id)).toBe(70.5);
    expect(sharePercentFor(share, gb.id, telegram.id)).toBe(65);
    expect(sharePercentFor(share, us.id, whatsapp.id)).toBe(55);
    expect(sharePercentFor(share, gb.id, whatsapp.id)).toBe(50);

    // Most specific first, each with its names; the rule of one country and one service shows what it pays of today's Temporary price.
    const ours = view.rules.filter((r) => [us.id, null].includes(r.country_id) && [telegram.id, null].includes(r.service_id));
    expect(ours.map((r) => [r.country_id, r.service_id, r.percent])).toEqual([
      [us.id, telegram.id, 70.5],
      [null, telegram.id, 65],
      [us.id, null, 55],
    ]);
    expect(ours[0]).toMatchObject({ country_name: 'United States', service_name: 'Telegram' });
    expect(ours[1]).toMatchObject({ country_name: null, temporary_price: null, partner_earns: null });
    const priceCents = (await listOfferItems(us.id)).find((o) => o.serviceId === telegram.id)!.temporaryPriceCents!;
    expect(ours[0]!.temporary_price).toBe(priceCents / 100);
    expect(ours[0]!.partner_earns).toBe(Math.floor((priceCents * 705) / 1000) / 100);

    // A rule set again is changed, not added; every change is in the audit list with the operator.
    const again = await put({ country_id: us.id, service_id: telegram.id, percent: 71 });
    expect(again.rules.filter((r) => r.country_id === us.id && r.service_id === telegram.id).map((r) => r.percent)).toEqual([71]);
    await put({ country_id: us.id, service_id: telegram.id, percent: 70.5 });
    const audit = auditReplySchema.parse((await ops().get('/ops/audit?limit=50')).json).data.filter((e) => e.action.startsWith('partner-share.'));
    expect(audit.find((e) => e.action === 'partner-share.rule' && e.target.id === `${us.id}/${telegram.id}`)).toMatchObject({
      operator: { sub: operator.sub },
      before: { countryId: us.id, serviceId: telegram.id, percent: 71 },
      after: { countryId: us.id, serviceId: telegram.id, percent: 70.5 },
    });
    expect(audit.find((e) => e.action === 'partner-share.default')).toMatchObject({ after: { percent: 50 } });
  });

  it('a removed rule leaves the next most specific one; removing one that is not there is 404', async () => {
    await put({ country_id: gb.id, service_id: whatsapp.id, percent: 42 });
    expect(sharePercentFor(await readPartnerShare(true), gb.id, whatsapp.id)).toBe(42);
    const reply = await ops().delete(`/ops/partner-share/rules/${gb.id}/${whatsapp.id}`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(partnerShareReplySchema.parse(reply.json).data.rules.some((r) => r.country_id === gb.id && r.service_id === whatsapp.id)).toBe(false);
    expect(sharePercentFor(await readPartnerShare(true), gb.id, whatsapp.id)).toBe((await readPartnerShare(true)).defaultPercent);
    expectError(await ops().delete(`/ops/partner-share/rules/${gb.id}/${whatsapp.id}`), 404, 'NOT_FOUND');
    expectError(await ops().delete('/ops/partner-share/rules/any/any'), 404, 'NOT_FOUND');
    const audit = auditReplySchema.parse((await ops().get('/ops/audit?limit=20')).json).data;
    expect(audit.find((e) => e.action === 'partner-share.rule-remove')).toMatchObject({ before: { percent: 42 }, after: null });
  });

  it('bad input is a 400 naming the field: an unknown country or service, a percent out of range or finer than a tenth', async () => {
    const unknown = expectFieldErrors(await ops().put('/ops/partner-share', { country_id: 999_999, service_id: 999_998, percent: 10 }), [
      'country_id',
      'service_id',
    ]);
    expect(unknown.fields).toMatchObject({ country_id: [{ code: 'UNKNOWN_COUNTRY' }], service_id: [{ code: 'UNKNOWN_SERVICE' }] });
    expect(expectFieldErrors(await ops().put('/ops/partner-share', { default_percent: 100.5 }), ['default_percent']).fields).toMatchObject({
      default_percent: [{ code: 'TOO_BIG' }],
    });
    expect(expectFieldErrors(await ops().put('/ops/partner-share', { country_id: us.id, service_id: null, percent: -1 }), ['percent']).fields).toMatchObject({
      percent: [{ code: 'TOO_SMALL' }],
    });
    expect(expectFieldErrors(await ops().put('/ops/partner-share', { country_id: us.id, service_id: null, percent: 12.34 }), ['percent']).fields).toMatchObject(
      {
        percent: [{ code: 'ONE_DECIMAL' }],
      },
    );
    expectFieldErrors(await ops().put('/ops/partner-share', { country_id: null, service_id: null, percent: 10 }), ['service_id']);
    expectFieldErrors(await ops().put('/ops/partner-share', { country_id: us.id }), ['percent', 'service_id']);
    expectFieldErrors(await ops().put('/ops/partner-share', { default_percent: 40, percent: 30 }), ['percent']);
    expectFieldErrors(await ops().put('/ops/partner-share', { default_percent: '40' }), ['default_percent']);
    expectFieldErrors(await ops().put('/ops/partner-share', { default_percent: 40, extra: 1 }), ['extra']);
    expectFieldErrors(await ops().delete('/ops/partner-share/rules/abc/any'), ['country']);
    // Nothing of it was stored.
    expect((await readPartnerShare(true)).rules.some((r) => r.countryId === 999_999 || r.percent === 12.34)).toBe(false);
  });

  it('is for operators only', async () => {
    const customer = await userWithBalance();
    await as(customer.idToken).get('/user');
    expectError(await as(customer.idToken).get('/ops/partner-share'), 403);
    expectError(await as(customer.idToken).put('/ops/partner-share', { default_percent: 99 }), 403);
    expectError(await as(customer.idToken).delete(`/ops/partner-share/rules/${us.id}/any`), 403);
    expect((await call('GET', '/ops/partner-share')).status).toBe(401);
    expect((await readPartnerShare(true)).defaultPercent).not.toBe(99);
  });
});

describe('a sale through a partner’s agent follows the rule', () => {
  let served: ServedSimBank;
  let bank: SimBank;
  let partner: TestUser;
  let agentId: string;
  let ge: { id: number };

  beforeAll(async () => {
    served = await serveSimBank(georgia.bankPhones.map((phone) => ({ phone, country: georgia.protocol, operator: 'any' })));
    bank = served.bank;
    ({ partner, agentId } = await partnerWithAgent(served, 'Share bank'));
    ge = (await listCountryItems()).find((c) => c.iso === georgia.iso)!;
  }, 60_000);

  afterAll(() => served.stop());

  const protocol = handlerApi;

  /** Buys an activation of the service in Georgia from this suite's bank: the rental, and the request the agent received. */
  async function buy(service: string) {
    await pollAgentsOnce();
    const { key } = await userWithKey(10_00);
    const bought = await protocol({
      api_key: key,
      action: 'getNumber',
      service,
      country: String(countryIdOfIso(georgia.iso)),
      phoneException: georgia.ownPrefixes,
    });
    const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(bought) ?? [];
    expect(bought).toMatch(/^ACCESS_NUMBER:\d+:99532123450[12]$/);
    const activation = (await findActivation(Number(id)))!;
    const rental = (await findRental(activation.sub, activation.rentalId))!;
    const inBank = bank.state.activations.find((a) => a.phone === phone && a.status === 'active')!;
    return { key, id: id!, phone: phone!, rental, inBank };
  }

  it('GET_NUMBER offers the rule’s share of the price, and the partner is credited exactly that when it is sold', async () => {
    await put({ default_percent: 50 });
    await put({ country_id: ge.id, service_id: telegram.id, percent: 70.5 });
    await put({ country_id: ge.id, service_id: null, percent: 55 });

    const { key, id, phone, rental, inBank } = await buy('tg');
    const expectedCents = Math.floor((rental.priceCents * 705) / 1000);
    expect(expectedCents).toBeGreaterThan(0);
    expect(Math.round(Number(inBank.sum) * 100)).toBe(expectedCents);
    expect(rental.agentSale).toMatchObject({ agentId, partnerSub: partner.sub, sumCents: expectedCents });

    const partnerBefore = await balanceOf(partner);
    bank.deliverSms({ sim: phone, from: 'Telegram', text: 'Telegram code 65432. Do not give it to anyone.' });
    const status = await until(
      () => protocol({ api_key: key, action: 'getStatus', id }),
      (answer) => answer.startsWith('STATUS_OK'),
    );
    expect(status).toBe('STATUS_OK:65432');
    expect(await protocol({ api_key: key, action: 'setStatus', id, status: '6' })).toBe('ACCESS_ACTIVATION');
    await sendDueAgentFinishes();
    expect(await balanceOf(partner)).toBe(partnerBefore + expectedCents);
    expect(await findAgent(agentId)).toMatchObject({ soldCount: 1, earnedCents: expectedCents });
  });

  it('a service with no rule of its own takes the country’s rule', async () => {
    const { rental, inBank } = await buy('wa');
    const expectedCents = Math.floor((rental.priceCents * 55) / 100);
    expect(Math.round(Number(inBank.sum) * 100)).toBe(expectedCents);
    expect(rental.agentSale?.sumCents).toBe(expectedCents);
  });
});

describe('npm run ops -- partner-share', () => {
  const root = join(import.meta.dirname, '../../..');
  const runOps = (...args: string[]) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/src/ops.ts', 'partner-share', ...args], {
      cwd: root,
      env: process.env,
      timeout: 60_000,
    });

  it('sets the default and a rule by ISO code and slug, lists them, removes the rule; bad input exits 1 naming the field', async () => {
    const byDefault = await runOps('--default', '62.5');
    expect(byDefault.stdout).toContain('default 62.5%');

    const set = await runOps('--country', 'US', '--service', 'whatsapp', '--percent', '66.6');
    expect(set.stdout).toMatch(/United States \(\d+\) · WhatsApp \(\d+\): 66\.6%/);
    expect(sharePercentFor(await readPartnerShare(true), us.id, whatsapp.id)).toBe(66.6);

    const anyCountry = await runOps('--country', 'any', '--service', String(whatsapp.id), '--percent', '40');
    expect(anyCountry.stdout).toMatch(/any country · WhatsApp \(\d+\): 40%/);

    const listed = await runOps();
    expect(listed.stdout).toContain('default 62.5%');
    expect(listed.stdout).toMatch(/United States \(\d+\) · WhatsApp \(\d+\): 66\.6%/);

    const removed = await runOps('--country', 'us', '--service', 'whatsapp', '--remove');
    expect(removed.stdout).not.toMatch(/United States \(\d+\) · WhatsApp/);
    expect(sharePercentFor(await readPartnerShare(true), us.id, whatsapp.id)).toBe(40);
    await runOps('--country', 'any', '--service', 'whatsapp', '--remove');

    await expect(runOps('--country', 'us', '--service', 'whatsapp', '--percent', '101')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('percent: '),
    });
    await expect(runOps('--country', 'zz', '--service', 'whatsapp', '--percent', '10')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No country zz'),
    });
    await runOps('--default', '60');
  }, 180_000);
});

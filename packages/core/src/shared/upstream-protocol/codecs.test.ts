import { describe, expect, it } from 'vitest';
import {
  codeOfFiveSimProduct,
  fiveSimCountryOfIso,
  fiveSimProductOfCode,
  isoOfFiveSimCountry,
  isoOfSmsActivateCountry,
  ourCodesOf,
  smsActivateCountryOfIso,
  upstreamCodesOf,
} from './codes';
import * as fiveSim from './fivesim';
import * as smsActivate from './sms-activate';

// Answers as the protocols' public documents show them.

describe('SMS-Activate answers', () => {
  it('reads a balance and refuses a bad key as bad-key', () => {
    expect(smsActivate.readBalance('ACCESS_BALANCE:100.50')).toEqual({ ok: true, reply: '100.50' });
    expect(smsActivate.readBalance('BAD_KEY')).toMatchObject({ ok: false, failure: 'bad-key' });
    expect(smsActivate.readBalance('NO_KEY')).toMatchObject({ ok: false, failure: 'bad-key' });
    expect(smsActivate.readBalance('<html>502</html>')).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('reads getPrices with the decimals as written', () => {
    const read = smsActivate.readPrices('{"0":{"tg":{"cost":25.5,"count":120}},"187":{"wa":{"cost":"0.35","count":3},"tg":{"cost":0.1,"count":0}}}');
    expect(read).toEqual({
      ok: true,
      reply: [
        { country: '0', service: 'tg', price: '25.5', count: 120 },
        { country: '187', service: 'wa', price: '0.35', count: 3 },
        { country: '187', service: 'tg', price: '0.1', count: 0 },
      ],
    });
    expect(smsActivate.readPrices('{"187":{"tg":{"count":1}}}')).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('reads getNumberV2 JSON and the classic getNumber words', () => {
    const v2 =
      '{"activationId":635468024,"phoneNumber":"79584******","activationCost":12.50,"countryCode":"0","canGetAnotherSms":true,"activationTime":"2022-06-01 17:30:57","activationOperator":"mts"}';
    expect(smsActivate.readBuy(v2.replace('79584******', '79584123456'))).toEqual({
      ok: true,
      reply: { status: 'bought', activationId: '635468024', phone: '79584123456', price: '12.50' },
    });
    expect(smsActivate.readBuy('ACCESS_NUMBER:123456789:79123456789')).toEqual({
      ok: true,
      reply: { status: 'bought', activationId: '123456789', phone: '79123456789', price: null },
    });
    expect(smsActivate.readBuy('NO_NUMBERS')).toEqual({ ok: true, reply: { status: 'no-numbers' } });
    expect(smsActivate.readBuy('NO_BALANCE')).toMatchObject({ ok: true, reply: { status: 'no-balance' } });
    expect(smsActivate.readBuy('WRONG_MAX_PRICE:15.50')).toEqual({ ok: true, reply: { status: 'too-expensive', minPrice: '15.50' } });
    expect(smsActivate.readBuy("BANNED:'2026-01-01 12-00-00'")).toMatchObject({ ok: true, reply: { status: 'refused' } });
    expect(smsActivate.readBuy('BAD_SERVICE')).toEqual({ ok: true, reply: { status: 'refused', detail: 'BAD_SERVICE' } });
    expect(smsActivate.readBuy('BAD_KEY')).toMatchObject({ ok: false, failure: 'bad-key' });
    expect(smsActivate.readBuy('{"activationId":1}')).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('keeps every digit of a large activation id', () => {
    expect(smsActivate.readBuy('{"activationId":9007199254740993,"phoneNumber":"12025550123","activationCost":0.3}')).toMatchObject({
      reply: { activationId: '9007199254740993', price: '0.3' },
    });
  });

  it('reads getStatus', () => {
    expect(smsActivate.readStatus('STATUS_WAIT_CODE')).toEqual({ ok: true, reply: { status: 'waiting' } });
    expect(smsActivate.readStatus('STATUS_WAIT_RESEND')).toEqual({ ok: true, reply: { status: 'waiting' } });
    expect(smsActivate.readStatus('STATUS_OK:48392')).toEqual({ ok: true, reply: { status: 'code', code: '48392', text: null } });
    expect(smsActivate.readStatus('STATUS_WAIT_RETRY:48392')).toEqual({ ok: true, reply: { status: 'code', code: '48392', text: null } });
    expect(smsActivate.readStatus('STATUS_CANCEL')).toEqual({ ok: true, reply: { status: 'cancelled' } });
    expect(smsActivate.readStatus('NO_ACTIVATION')).toEqual({ ok: true, reply: { status: 'unknown', detail: 'NO_ACTIVATION' } });
    expect(smsActivate.readStatus('oops')).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('reads setStatus: 8 and a ban cancel, 6 finishes', () => {
    expect(smsActivate.setStatusOf).toEqual({ cancel: '8', finish: '6', ban: '8' });
    expect(smsActivate.readEnd('ACCESS_CANCEL', 'cancel')).toEqual({ ok: true, reply: { accepted: true, detail: 'ACCESS_CANCEL' } });
    expect(smsActivate.readEnd('ACCESS_CANCEL', 'ban')).toMatchObject({ reply: { accepted: true } });
    expect(smsActivate.readEnd('ACCESS_ACTIVATION', 'finish')).toMatchObject({ reply: { accepted: true } });
    expect(smsActivate.readEnd('EARLY_CANCEL_DENIED', 'cancel')).toEqual({ ok: true, reply: { accepted: false, detail: 'EARLY_CANCEL_DENIED' } });
    expect(smsActivate.readEnd('ACCESS_CANCEL', 'finish')).toMatchObject({ reply: { accepted: false } });
  });
});

describe('5sim answers', () => {
  const order = (status: string, sms: unknown = null) =>
    JSON.stringify({
      id: 11631253,
      phone: '+79000381454',
      operator: 'beeline',
      product: 'vkontakte',
      price: 21,
      status,
      expires: '2018-10-13T08:28:38.809469028Z',
      sms,
      created_at: '2018-10-13T08:13:38.809469028Z',
      country: 'russia',
    });
  const vkSms = [
    {
      created_at: '2018-10-13T08:20:38.809469028Z',
      date: '2018-10-13T08:19:38Z',
      sender: 'VKcom',
      text: 'VK: 09363 - use this code to reclaim your suspended profile.',
      code: '09363',
    },
  ];

  it('reads the profile balance', () => {
    const profile =
      '{"id":1,"email":"mail@gmail.com","vendor":"demo","default_forwarding_number":"78009005040","balance":100,"rating":96,"default_country":{"name":"russia","iso":"ru","prefix":"+7"},"default_operator":{"name":""},"frozen_balance":0}';
    expect(fiveSim.readProfile(profile)).toEqual({ ok: true, reply: '100' });
    expect(fiveSim.readProfile('{"id":1}')).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('reads guest prices as one line per country and product: the cheapest stocked operator, every operator counted', () => {
    const prices =
      '{"russia":{"telegram":{"beeline":{"cost":8,"count":0,"rate":0},"virtual4":{"cost":10.5,"count":1260,"rate":99.99},"mts":{"cost":12,"count":40}}}}';
    expect(fiveSim.readPrices(prices)).toEqual({ ok: true, reply: [{ country: 'russia', service: 'telegram', price: '10.5', count: 1300 }] });
  });

  it('reads a bought order and the refusals in words', () => {
    expect(fiveSim.readBuy(order('PENDING'))).toEqual({ ok: true, reply: { status: 'bought', activationId: '11631253', phone: '79000381454', price: '21' } });
    expect(fiveSim.readBuy('no free phones')).toEqual({ ok: true, reply: { status: 'no-numbers' } });
    expect(fiveSim.readBuy('not enough user balance')).toEqual({ ok: true, reply: { status: 'no-balance' } });
    expect(fiveSim.readBuy('not enough rating')).toEqual({ ok: true, reply: { status: 'refused', detail: 'not enough rating' } });
    expect(fiveSim.readBuy('<html>')).toMatchObject({ ok: false, failure: 'malformed' });
  });

  it('reads check: waiting, the newest code with its text, and the ends', () => {
    expect(fiveSim.readStatus(order('PENDING'))).toEqual({ ok: true, reply: { status: 'waiting' } });
    expect(fiveSim.readStatus(order('RECEIVED', vkSms))).toEqual({
      ok: true,
      reply: { status: 'code', code: '09363', text: 'VK: 09363 - use this code to reclaim your suspended profile.' },
    });
    expect(
      fiveSim.readStatus(
        order('RECEIVED', [{ created_at: '2017-09-05T15:48:33.763297Z', date: '2017-09-05T15:48:27Z', sender: '+79998887060', text: '12345', code: '' }]),
      ),
    ).toEqual({
      ok: true,
      reply: { status: 'code', code: '12345', text: '12345' },
    });
    expect(fiveSim.readStatus(order('CANCELED'))).toEqual({ ok: true, reply: { status: 'cancelled' } });
    expect(fiveSim.readStatus(order('TIMEOUT'))).toEqual({ ok: true, reply: { status: 'cancelled' } });
    expect(fiveSim.readStatus(order('FINISHED', vkSms))).toEqual({ ok: true, reply: { status: 'finished' } });
    expect(fiveSim.readStatus('order not found')).toEqual({ ok: true, reply: { status: 'unknown', detail: 'order not found' } });
  });

  it('reads finish, cancel and ban', () => {
    expect(fiveSim.readEnd(order('CANCELED'), 'cancel')).toEqual({ ok: true, reply: { accepted: true, detail: 'CANCELED' } });
    expect(fiveSim.readEnd(order('BANNED'), 'ban')).toMatchObject({ reply: { accepted: true } });
    expect(fiveSim.readEnd(order('FINISHED', vkSms), 'finish')).toMatchObject({ reply: { accepted: true } });
    expect(fiveSim.readEnd('order has sms', 'cancel')).toEqual({ ok: true, reply: { accepted: false, detail: 'order has sms' } });
  });

  it('compares decimals exactly', () => {
    expect(fiveSim.compareDecimals('0.30', '0.3')).toBe(0);
    expect(fiveSim.compareDecimals('0.299', '0.3')).toBe(-1);
    expect(fiveSim.compareDecimals('10', '9.99')).toBe(1);
  });
});

describe('codes', () => {
  it('maps countries both ways', () => {
    expect(smsActivateCountryOfIso('GB')).toBe('16');
    expect(isoOfSmsActivateCountry('187')).toBe('us');
    expect(fiveSimCountryOfIso('gb')).toBe('england');
    expect(isoOfFiveSimCountry('southafrica')).toBe('za');
    expect(fiveSimCountryOfIso('zz')).toBeUndefined();
  });

  it('maps services both ways', () => {
    expect(fiveSimProductOfCode('tg')).toBe('telegram');
    expect(codeOfFiveSimProduct('twitter')).toBe('tw');
    expect(upstreamCodesOf('5sim', 'us', 'wa')).toEqual({ country: 'usa', service: 'whatsapp' });
    expect(upstreamCodesOf('sms-activate', 'us', 'wa')).toEqual({ country: '187', service: 'wa' });
    expect(ourCodesOf('5sim', 'england', 'google')).toEqual({ iso: 'gb', serviceCode: 'go' });
    expect(ourCodesOf('sms-activate', '0', 'tg')).toEqual({ iso: 'ru', serviceCode: 'tg' });
    expect(ourCodesOf('5sim', 'atlantis', 'google')).toBeUndefined();
  });

  it('carries every seeded country to both upstreams', async () => {
    const { seedCountries } = await import('../../seed/countries');
    for (const { iso } of seedCountries) {
      expect(smsActivateCountryOfIso(iso), iso).toBeDefined();
      expect(fiveSimCountryOfIso(iso), iso).toBeDefined();
    }
  });
});

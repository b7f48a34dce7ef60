import { apiUrl, expireCatalogueCache, send } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { createdApiKeyReplySchema, rentalReplySchema, type Rental } from '@numbernest/contracts';
import { catalogFixture, seedCatalog } from '@numbernest/core/seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { shuffled } from '@numbernest/core';

/**
 * A service added at run time, not in the seed: an operator writes it into the catalogue and sets
 * its protocol code and SMS patterns (core's setServiceRouting, `npm run ops -- service-routing`).
 * Its SMS reach its renters and the protocol carries it, with nothing of it in seed/.
 * The handlers cache the catalogue: the test expires their cache once it has written.
 */

const serviceId = 901;
const code = 'nzq';
const patterns = { from: '^(Nestly|NESTLY|55991)$', body: '\\bNestly\\b' };
// Countries no other test counts the offers of (the fixture's), nor takes numbers from (sms.test.ts: the last four).
const counted = new Set([
  catalogFixture.countryWithoutPrivateOffer,
  ...Object.values(catalogFixture).flatMap((v) => (typeof v === 'object' && 'countryId' in v ? [v.countryId] : [])),
]);
const countries = seedCatalog.countries
  .slice(0, -4)
  .filter((c) => !counted.has(c.id) && c.iso !== 'de' && c.iso !== 'br')
  .slice(0, 3);
const perDayCents = 17;
const temporaryCents = 33;

beforeAll(async () => {
  const { catalogKeys, setServiceRouting } = await import('@numbernest/core/catalogue');
  const { batchPutAll } = await import('@numbernest/core/db');
  // What an operator adding a service writes (there is no tool for prices yet): the service and its offers.
  await batchPutAll([
    { ...catalogKeys.service(serviceId), id: serviceId, name: 'Nestly', slug: 'nestly' },
    ...countries.map((c) => ({
      ...catalogKeys.offer(c.id, serviceId),
      countryId: c.id,
      serviceId,
      name: 'Nestly',
      slug: 'nestly',
      pricePerDayCents: perDayCents,
      discountsCents: [0, 0, 0],
      temporaryPriceCents: temporaryCents,
    })),
  ]);
  await setServiceRouting(serviceId, { code, patterns });
  await expireCatalogueCache(); // the handlers' catalogue cache
});

async function rentShared(user: TestUser): Promise<Rental> {
  const numbers = shuffled(seedCatalog.numbers.filter((n) => n.typeId === 1 && countries.some((c) => c.id === n.countryId)));
  for (const number of numbers) {
    const reply = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ mobile_number_type_id: 1, mobile_number_id: number.numberId, service_provider_id: serviceId, rent_time_id: 1 }),
    });
    if (reply.status === 409) continue;
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return rentalReplySchema.parse(reply.json).data;
  }
  throw new Error('No free Shared number');
}

async function sms(to: string, from: string, body: string) {
  const response = await fetch(`${apiUrl}/_local/sms/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from, body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: number; record: null | Record<string, unknown> };
}

async function protocol(params: Record<string, string>): Promise<string> {
  const response = await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams(params)}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return text;
}

describe('a service added at run time', () => {
  it('its SMS reach its renter by its patterns: the sender verified, and not an orphan', async () => {
    const user = await userWithBalance(10_00);
    const rental = await rentShared(user);
    expect(rental).toMatchObject({ service: { id: serviceId, name: 'Nestly' } });
    const { record } = await sms(rental.number, 'Nestly', 'Your Nestly code is 482913');
    expect(record).toMatchObject({ outcome: 'delivered', rentalId: rental.id, sub: user.sub });
    const after = await as(user.idToken).get(`/user/rentals/${rental.id}`);
    expect(rentalReplySchema.parse(after.json).data).toMatchObject({ messages_count: 1, last_message: { from: 'Nestly', code: '482913' } });
  });

  it('the protocol carries it by its code: getServicesList, getPrices and getNumber', async () => {
    const user = await userWithBalance(10_00);
    const created = await as(user.idToken).post('/user/api-keys', { name: 'bot' });
    const key = createdApiKeyReplySchema.parse(created.json).key;
    const { countryIdOfIso } = await import('@numbernest/core/catalogue');
    const protocolCountry = String(countryIdOfIso(countries[0]!.iso));

    const list = JSON.parse(await protocol({ api_key: key, action: 'getServicesList' })) as { services: Array<{ code: string; name: string }> };
    expect(list.services).toContainEqual({ code, name: 'Nestly' });
    const prices = JSON.parse(await protocol({ api_key: key, action: 'getPrices', service: code, country: protocolCountry }));
    expect(prices[protocolCountry][code]).toMatchObject({ cost: temporaryCents / 100 });

    const answer = await protocol({ api_key: key, action: 'getNumber', service: code, country: protocolCountry });
    expect(answer).toMatch(/^ACCESS_NUMBER:\d+:\d+$/);
    expect(await balanceOf(user)).toBe(10_00 - temporaryCents);
    const [, id, phone] = answer.split(':');
    const { record } = await sms(`+${phone}`, '55991', 'Nestly: 771199 is your code');
    expect(record).toMatchObject({ outcome: 'delivered', sub: user.sub });
    expect(await protocol({ api_key: key, action: 'getStatus', id: id! })).toBe('STATUS_OK:771199');
  });
});

describe('setting a service’s code and patterns', () => {
  it('refuses a pattern that does not compile or matches every SMS, a bad code, a taken code and an unknown service, naming what is wrong', async () => {
    const { setServiceRouting } = await import('@numbernest/core/catalogue');
    const { ConflictError, NotFoundError, ValidationError } = await import('@numbernest/core/errors');
    const refusal = (input: unknown, id = serviceId) =>
      setServiceRouting(id, input).then(
        () => undefined,
        (error: unknown) => error,
      );

    const broken = await refusal({ patterns: { from: '^(Nestly', body: '.*' } });
    expect(broken).toBeInstanceOf(ValidationError);
    expect(Object.keys((broken as InstanceType<typeof ValidationError>).fieldErrors).sort()).toEqual(['patterns.body', 'patterns.from']);
    expect((broken as InstanceType<typeof ValidationError>).fieldErrors['patterns.from']![0]!.message).toMatch(/Not a valid regular expression/);
    expect((broken as InstanceType<typeof ValidationError>).fieldErrors['patterns.body']![0]!.message).toMatch(/every SMS/);

    const badCode = await refusal({ code: 'N Q!' });
    expect(badCode).toBeInstanceOf(ValidationError);
    expect(Object.keys((badCode as InstanceType<typeof ValidationError>).fieldErrors)).toEqual(['code']);
    expect(await refusal({})).toBeInstanceOf(ValidationError);
    expect(await refusal({ code: 'tg' })).toBeInstanceOf(ConflictError); // Telegram's
    expect(await refusal({ code: 'zzq' }, 99_999)).toBeInstanceOf(NotFoundError);

    // Nothing of it was stored: the service still routes by its own patterns.
    const { serviceCatalog } = await import('@numbernest/core/catalogue');
    expect((await serviceCatalog()).byId.get(serviceId)).toMatchObject({ protocolCode: code, patterns });
  });
});

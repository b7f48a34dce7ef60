import { expectError, get, post, send, until, type ApiReply } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { NumberType, mobileNumbersReplySchema, rentalReplySchema, temporaryAvailabilityReplySchema, type Rental } from '@numbernest/contracts';
import { serviceCatalog } from '@numbernest/core/catalogue';
import { seedCatalog } from '@numbernest/core/seed';
import { pollAgentsOnce } from '@numbernest/core/supply';
import type { SimBank } from '@numbernest/local/simbank/bank';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { partnerWithAgent, serveSimBank, type ServedSimBank } from './sim-bank';

/**
 * The web's "any number": POST /api/user/rentals with `country_id` instead of a number buys a
 * Temporary activation of the service there, on one of our own free numbers first, then through a
 * partner's agent (the stand-in SIM bank, on a port of its own), else 409 NO_NUMBERS.
 */

// Thailand: a seeded country no other test counts or buys from, with few Temporary numbers, that the agent protocol names.
const country = seedCatalog.countries.find((c) => c.iso === 'th')!;
const bankPhones = ['66812345601', '66812345602'];

function buy(user: TestUser, body: Record<string, unknown>, key: string = randomUUID()): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

function bought(reply: ApiReply): { rental: Rental; balance: number | undefined } {
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  const { data, balance } = rentalReplySchema.parse(reply.json);
  return { rental: data, balance };
}

describe('any Temporary number, from the web', () => {
  let served: ServedSimBank;
  let bank: SimBank;
  let service: { id: number; priceCents: number };
  const anyNumber = () => ({ mobile_number_type_id: NumberType.Temporary, country_id: country.id, service_provider_id: service.id });

  /** What the picker's "any number" row counts for the service (as the local cloud sees it). */
  async function available(): Promise<number> {
    const reply = await get(`/temporary-availability/${country.id}`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return temporaryAvailabilityReplySchema.parse(reply.json).data.find((s) => s.service_provider_id === service.id)?.available ?? 0;
  }

  /** Our own free Temporary numbers of the service in the country, as the picker lists them. */
  async function ownFree(): Promise<number[]> {
    const reply = await post('/get-numbers', { mobile_number_type_id: NumberType.Temporary, country_id: country.id, service_provider_id: service.id });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return mobileNumbersReplySchema.parse(reply.json).data.map((n) => n.id);
  }

  beforeAll(async () => {
    const telegram = [...(await serviceCatalog()).byId.values()].find((s) => s.slug === 'telegram')!;
    const offer = seedCatalog.offers.find((o) => o.countryId === country.id && o.serviceId === telegram.id)!;
    expect(offer.temporaryPriceCents).toBeDefined();
    service = { id: telegram.id, priceCents: offer.temporaryPriceCents! };

    served = await serveSimBank(bankPhones.map((phone) => ({ phone, country: 'thailand', operator: 'any' })));
    bank = served.bank;
    await partnerWithAgent(served, 'Any-number bank');
    await pollAgentsOnce();
  });

  afterAll(() => served.stop());

  it('counts ours and the agent’s: the picker’s "any number" row', async () => {
    const own = (await ownFree()).length;
    expect(own).toBeGreaterThan(0);
    // The local cloud reads the agents' stock through a 3-second cache.
    expect(await until(available, (count) => count === own + bankPhones.length)).toBe(own + bankPhones.length);
  });

  it('buys one of our own numbers while any is free, at the catalogue’s price, and answers the number bought', async () => {
    const user = await userWithBalance(5_00);
    const { rental, balance } = bought(await buy(user, anyNumber()));
    expect(rental).toMatchObject({ type: NumberType.Temporary, status: 'active', country: { id: country.id }, service: { id: service.id } });
    expect(bankPhones.map((p) => `+${p}`)).not.toContain(rental.number);
    expect(rental.number.startsWith('+66')).toBe(true);
    expect(await balanceOf(user)).toBe(5_00 - service.priceCents);
    expect(balance).toBe((5_00 - service.priceCents) / 100);
    // It is the user's rental like any other.
    const listed = await as(user.idToken).get(`/user/rentals/${rental.id}`);
    expect(listed.status).toBe(200);
  });

  it('the same Idempotency-Key again answers the same activation and debits once', async () => {
    const user = await userWithBalance(5_00);
    const key = randomUUID();
    const first = bought(await buy(user, anyNumber(), key)).rental;
    const again = bought(await buy(user, anyNumber(), key)).rental;
    expect(again.id).toBe(first.id);
    expect(again.number).toBe(first.number);
    expect(await balanceOf(user)).toBe(5_00 - service.priceCents);
    // The key names that purchase: another country under it is refused.
    const other = seedCatalog.offers.find((o) => o.countryId !== country.id && o.serviceId === service.id && o.temporaryPriceCents !== undefined)!;
    expectError(await buy(user, { ...anyNumber(), country_id: other.countryId }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(user)).toBe(5_00 - service.priceCents);
  });

  it('402 without the balance, and nothing bought', async () => {
    const user = await userWithBalance(service.priceCents - 1);
    const free = (await ownFree()).length;
    const error = expectError(await buy(user, anyNumber()), 402, 'INSUFFICIENT_FUNDS');
    expect(error.message).toMatch(/balance/i);
    expect(await balanceOf(user)).toBe(service.priceCents - 1);
    expect((await ownFree()).length).toBe(free);
  });

  it('a Temporary body names a number or a country, not both nor neither', async () => {
    const user = await userWithBalance(5_00);
    const neither = expectError(await buy(user, { mobile_number_type_id: 3, service_provider_id: service.id }), 400, 'VALIDATION_FAILED');
    expect(neither.fields?.mobile_number_id?.[0]?.code).toBe('REQUIRED');
    const both = expectError(await buy(user, { ...anyNumber(), mobile_number_id: 1 }), 400, 'VALIDATION_FAILED');
    expect(both.fields?.country_id?.[0]?.code).toBe('UNKNOWN_FIELD');
    expect(await balanceOf(user)).toBe(5_00);
  });

  it('none of ours free: bought through the partner’s agent; none anywhere: 409 NO_NUMBERS, nothing debited', async () => {
    // Every one of our own numbers taken for the service (one account each: an account holds only a share of a slice).
    for (const numberId of await ownFree()) {
      const holder = await userWithBalance(5_00);
      bought(await buy(holder, { mobile_number_type_id: 3, mobile_number_id: numberId, service_provider_id: service.id }));
    }
    expect(await ownFree()).toEqual([]);

    const bankBuyers = await Promise.all(bankPhones.map(() => userWithBalance(5_00)));
    const fromBank: string[] = [];
    for (const user of bankBuyers) {
      const { rental } = bought(await buy(user, anyNumber()));
      fromBank.push(rental.number);
      expect(rental).toMatchObject({ type: NumberType.Temporary, country: { id: country.id }, service: { id: service.id } });
      expect(await balanceOf(user)).toBe(5_00 - service.priceCents);
    }
    expect(fromBank.sort()).toEqual(bankPhones.map((p) => `+${p}`));
    expect(
      bank.state.activations
        .filter((a) => a.status === 'active')
        .map((a) => a.phone)
        .sort(),
    ).toEqual(bankPhones);

    const late = await userWithBalance(5_00);
    expectError(await buy(late, anyNumber()), 409, 'NO_NUMBERS');
    expect(await balanceOf(late)).toBe(5_00);
  });
});

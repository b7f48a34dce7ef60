import './api'; // first: points this process at the local cloud
import { NumberType, temporaryAvailabilityReplySchema, type Rental } from '@numbernest/contracts';
import { pricesAnswerSchema } from '@numbernest/contracts/handler-api';
import { countryIdOfIso } from '@numbernest/core/catalogue';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { apiUrl, expireCatalogueCache, get } from './api';
import { createKey } from './api-keys';
import { FiveSimAPI } from './fivesim-client';
import { as, userWithBalance } from './auth-users';
import { ownNumbers } from './own-numbers';
import { buy, smsTo, until } from './rent-own';

/**
 * Delivery per source: Temporary activations sold, their first codes and reports, counted per
 * country, service and source, and the rate the picker shows (hidden below 20 activations). Japan's
 * Google activations are this file's alone (own-numbers.ts keeps every other file out of Japan), so
 * the counts are exactly what it bought.
 */
const japan = seedCatalog.countries.find((c) => c.iso === 'jp')!;
const google = seedCatalog.services.find((s) => s.slug === 'google')!;
const offer = seedCatalog.offers.find((o) => o.countryId === japan.id && o.serviceId === google.id)!;

async function googleRate(): Promise<number | null | undefined> {
  await expireCatalogueCache();
  const reply = await get(`/temporary-availability/${japan.id}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return temporaryAvailabilityReplySchema.parse(reply.json).data.find((s) => s.service_provider_id === google.id)?.delivery_rate;
}

describe('delivery rates', () => {
  it('counts sold, delivered and reported activations per source; the picker shows the rate from 20 activations', async () => {
    expect(offer.temporaryPriceCents).toBeDefined();
    const numbers = await ownNumbers(NumberType.Temporary, japan.id, 20);
    // Two activations each: a new account holds only a few of one slice.
    const users = await Promise.all(Array.from({ length: 10 }, () => userWithBalance(100_00)));
    const rentals: Rental[] = [];
    for (const [i, number] of numbers.slice(0, 19).entries()) {
      rentals.push(await buy(users[i % 10]!, { mobile_number_type_id: 3, mobile_number_id: number.numberId, service_provider_id: google.id }));
    }
    // Codes reach 14 of them.
    const delivered = rentals.slice(0, 14);
    await Promise.all(delivered.map((rental, i) => smsTo(rental.number, `G-${String(100_000 + i)} is your Google verification code`)));
    await Promise.all(
      delivered.map((rental, i) =>
        until(
          'the code',
          async () => ((await as(users[i % 10]!.idToken).get(`/user/rentals/${rental.id}`)).json as { data: Rental }).data.messages_count === 1,
        ),
      ),
    );
    expect(await googleRate()).toBeNull(); // 19 activations: too few to say

    const protocolCountry = String(countryIdOfIso('jp'));
    const prices = async () => {
      const response = await fetch(
        `${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getPrices', country: protocolCountry, service: 'go' }).toString()}`,
      );
      return pricesAnswerSchema.parse(await response.json())[protocolCountry]!.go!;
    };
    const key = await createKey(users[0]!);
    expect(await prices()).not.toHaveProperty('delivery_rate');
    // 5sim's prices (an unmodified 5sim client, its base URL ours) leave `rate` out likewise.
    const fiveSimPrice = async () => (await FiveSimAPI.getPricesByCountryAndProduct('japan', 'google')).japan!.google!.any!;
    expect(await fiveSimPrice()).not.toHaveProperty('rate');

    rentals.push(await buy(users[9]!, { mobile_number_type_id: 3, mobile_number_id: numbers[19]!.numberId, service_provider_id: google.id }));
    expect(await googleRate()).toBe(14 / 20);
    // The developer API's getPrices carries it too, as our extra field.
    expect(await prices()).toMatchObject({ cost: offer.temporaryPriceCents! / 100, delivery_rate: 0.7 });
    // And 5sim's prices as its `rate`: a percentage.
    expect(await fiveSimPrice()).toEqual({ cost: offer.temporaryPriceCents! / 100, count: expect.any(Number), rate: 70 });

    // Reported after its code: the number was already used.
    const reply = await as(users[0]!.idToken).post(`/user/rentals/${delivered[0]!.id}/report`, { reason: 'already_used' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);

    const { sourceDelivery, deliveryBySource } = await import('@numbernest/core/stats');
    const [own, ...others] = await sourceDelivery(japan.id, google.id);
    expect(others).toEqual([]);
    // Reported as already used after its code: no delivery after all.
    expect(own).toMatchObject({ source: 'own', activations: 20, delivered: 13, reported: 1, rate: 0.65, marginCents: offer.temporaryPriceCents });
    expect(await googleRate()).toBe(13 / 20);
    // Codes came within seconds of their purchases: the median is in the first buckets.
    expect(own!.medianMsToCode).toBeGreaterThan(0);
    expect(own!.medianMsToCode).toBeLessThanOrEqual(60_000);

    // The console's summary over every country counts them too (other files' sales besides).
    const summary = (await deliveryBySource()).find((s) => s.source === 'own')!;
    expect(summary.activations).toBeGreaterThanOrEqual(20);
    expect(summary.delivered).toBeGreaterThanOrEqual(13);
    expect(summary.reported).toBeGreaterThanOrEqual(1);
  });
});

import { describe, expect, it } from 'vitest';
import { seedCatalog, seedItems } from '../seed';
import { keys } from './keys';
import { summarizePrices, toPriceSummary } from './price-summary';

const offer = (pricePerDayCents: number, temporaryPriceCents?: number) => ({ pricePerDayCents, temporaryPriceCents });

describe('summarizePrices', () => {
  it('takes the cheapest price of each type, each on its own', () => {
    const offers = [offer(12, 30), offer(4), offer(9, 8), offer(20, 25)];
    expect(summarizePrices(offers, [{ pricePerDayCents: 55 }, { pricePerDayCents: 36 }])).toEqual({
      sharedFromPerDayCents: 4,
      privateFromPerDayCents: 36,
      temporaryFromCents: 8,
    });
  });

  it('leaves out a type that has no offer', () => {
    expect(summarizePrices([offer(7)], [])).toEqual({ sharedFromPerDayCents: 7 });
    expect(summarizePrices([], [])).toEqual({});
  });
});

describe('toPriceSummary', () => {
  it('sends dollars, and null for a type without offers', () => {
    expect(toPriceSummary({ sharedFromPerDayCents: 4, temporaryFromCents: 108 })).toEqual({
      shared_from_per_day: 0.04,
      private_from_per_day: null,
      temporary_from: 1.08,
    });
    expect(toPriceSummary({})).toEqual({ shared_from_per_day: null, private_from_per_day: null, temporary_from: null });
  });
});

describe('the seeded price summary', () => {
  it('is written with the seed and is the minimum over the seeded offers', () => {
    const { offers, privateOffers } = seedCatalog;
    const written = seedItems().find((i) => {
      const { pk, sk } = i as { pk: string; sk: string };
      return pk === keys.priceSummary.pk && sk === keys.priceSummary.sk;
    });
    const temporaryPrices = offers.flatMap((o) => (o.temporaryPriceCents === undefined ? [] : [o.temporaryPriceCents]));
    expect(written).toEqual({
      ...keys.priceSummary,
      sharedFromPerDayCents: Math.min(...offers.map((o) => o.pricePerDayCents)),
      privateFromPerDayCents: Math.min(...privateOffers.map((p) => p.pricePerDayCents)),
      temporaryFromCents: Math.min(...temporaryPrices),
    });
  });
});

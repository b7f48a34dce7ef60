import { NumberType } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { rentPeriods } from '../shared/pricing';
import { seedBlogPosts } from '../content';
import { buildCatalog } from './build';
import { seedCountries } from './countries';
import { catalogFixture, seedCatalog, seedCounts } from './facts';
import { seedItems } from './seed-all';
import { gatewayCountries } from './sources';

const { countries, services, offers, privateOffers, numbers, rentTimes } = seedCatalog;
const unique = <T>(list: T[]) => new Set(list).size === list.length;

describe('seed catalogue', () => {
  it('has the promised size', () => {
    expect(seedCounts.countries).toBeGreaterThanOrEqual(25);
    expect(seedCounts.services).toBe(30);
    expect(seedCounts.rentTimes).toBe(3);
    expect(seedCounts.numbers.total).toBeGreaterThanOrEqual(500);
    for (const type of ['shared', 'private', 'temporary'] as const) expect(seedCounts.numbers[type]).toBeGreaterThan(0);
    expect(seedCounts.blogPosts).toBe(6);
  });

  it('is deterministic', () => {
    expect(buildCatalog()).toEqual(seedCatalog);
  });

  it('rent times are the pricing periods', () => {
    expect(rentTimes).toEqual(rentPeriods.map(({ id, name, days }) => ({ id, name, days })));
  });

  it('has unique ids, names, ISO codes, slugs and numbers', () => {
    expect(unique(countries.map((c) => c.id))).toBe(true);
    expect(unique(countries.map((c) => c.iso))).toBe(true);
    expect(unique(countries.map((c) => c.name))).toBe(true);
    expect(unique(services.map((s) => s.id))).toBe(true);
    expect(unique(services.map((s) => s.slug))).toBe(true);
    expect(unique(numbers.map((n) => n.numberId))).toBe(true);
    expect(unique(numbers.map((n) => n.e164))).toBe(true);
  });

  it('writes each table key once', () => {
    const keys = seedItems().map((i) => `${(i as { pk: string }).pk}|${(i as { sk: string }).sk}`);
    expect(unique(keys)).toBe(true);
  });

  it('numbers are plausible E.164 numbers of an existing country', () => {
    const byId = new Map(seedCountries.map((c) => [c.id, c]));
    for (const n of numbers) {
      const country = byId.get(n.countryId);
      expect(country, `country of ${n.e164}`).toBeDefined();
      expect(n.e164).toMatch(/^\+[1-9]\d{7,14}$/);
      expect(n.e164.length).toBe(1 + country!.dialCode.length + country!.nationalLength);
      expect(country!.mobilePrefixes.some((p) => n.e164.startsWith(`+${country!.dialCode}${p}`))).toBe(true);
      expect(n.status).toBe('available');
    }
  });

  it('every country offers services; Temporary numbers come with a Temporary price', () => {
    for (const country of countries) {
      const countryOffers = offers.filter((o) => o.countryId === country.id);
      expect(countryOffers.length, country.name).toBeGreaterThan(0);
      if (seedCounts.numbersOf(country.id, NumberType.Temporary) > 0) {
        expect(
          countryOffers.some((o) => o.temporaryPriceCents !== undefined),
          country.name,
        ).toBe(true);
      }
    }
  });

  it('Private numbers exist only where a private offer does', () => {
    const withOffer = new Set(privateOffers.map((p) => p.countryId));
    for (const n of numbers.filter((n) => n.typeId === NumberType.Private)) expect(withOffer.has(n.countryId)).toBe(true);
    for (const countryId of withOffer) expect(seedCounts.numbersOf(countryId, NumberType.Private)).toBeGreaterThan(0);
  });

  it('prices are whole cents and each discount is below its full price', () => {
    for (const o of [...offers, ...privateOffers]) {
      expect(Number.isInteger(o.pricePerDayCents) && o.pricePerDayCents > 0).toBe(true);
      rentPeriods.forEach((p, i) => {
        const discount = o.discountsCents[i]!;
        expect(Number.isInteger(discount) && discount >= 0).toBe(true);
        expect(discount).toBeLessThan(o.pricePerDayCents * p.days);
      });
    }
    for (const o of offers) if (o.temporaryPriceCents !== undefined) expect(Number.isInteger(o.temporaryPriceCents)).toBe(true);
  });

  it('has services with and without discounts (the UI badge both ways)', () => {
    expect(offers.some((o) => o.discountsCents.every((d) => d === 0))).toBe(true);
    expect(offers.some((o) => o.discountsCents.some((d) => d > 0))).toBe(true);
  });

  it('fixture facts hold', () => {
    const f = catalogFixture;
    const has = (countryId: number, serviceId: number) => offers.find((o) => o.countryId === countryId && o.serviceId === serviceId);
    expect(countries.some((c) => c.id === f.unknownCountryId)).toBe(false);
    expect(has(f.serviceNotOffered.countryId, f.serviceNotOffered.serviceId)).toBeUndefined();
    expect(has(f.temporaryNotOffered.countryId, f.temporaryNotOffered.serviceId)?.temporaryPriceCents).toBeUndefined();
    expect(has(f.serviceWithoutDiscounts.countryId, f.serviceWithoutDiscounts.serviceId)?.discountsCents).toEqual([0, 0, 0]);
    expect(privateOffers.some((p) => p.countryId === f.countryWithoutPrivateOffer)).toBe(false);
    expect(f.shared.numberCount).toBeGreaterThan(0);
    expect(f.temporary.numberCount).toBeGreaterThan(0);
    expect(f.private.numberCount).toBeGreaterThan(0);
  });
});

describe('seed number sources', () => {
  it('every number has one upstream: a SIM slot of at most two per phone in the gateway countries, Twilio elsewhere; the lookup items carry it', () => {
    const gatewayIds = new Set(countries.filter((c) => gatewayCountries.includes(c.iso)).map((c) => c.id));
    expect(gatewayIds.size).toBe(gatewayCountries.length);
    const slots = new Set<string>();
    for (const n of numbers) {
      if (!gatewayIds.has(n.countryId)) {
        expect(n.source).toEqual({ provider: 'twilio' });
        continue;
      }
      expect(n.source).toMatchObject({ provider: 'gateway', deviceId: expect.stringMatching(/^gw-[a-z]{2}-\d{2}$/) });
      const source = n.source as { deviceId: string; simNumber: number };
      expect([1, 2]).toContain(source.simNumber);
      slots.add(`${source.deviceId}#${source.simNumber}`);
    }
    expect(slots.size).toBe(numbers.filter((n) => gatewayIds.has(n.countryId)).length); // one number per SIM slot
    const items = seedItems() as Array<{ pk: string; source?: unknown }>;
    const hosted = numbers.find((n) => n.source.provider === 'gateway')!;
    expect(items.find((i) => i.pk === `PHONE#${hosted.e164}`)?.source).toEqual(hosted.source);
    expect(items.find((i) => i.pk === `NUMBER_ID#${hosted.numberId}`)?.source).toEqual(hosted.source);
    // The live item carries it too, for the operators' source filter (index numberInventory).
    expect(items.find((i) => i.pk.startsWith('NUMBERS#') && (i as { numberId?: number }).numberId === hosted.numberId)?.source).toEqual(hosted.source);
  });
});

describe('seed blog posts', () => {
  it('are complete in English, Russian and Malay', () => {
    expect(unique(seedBlogPosts.map((p) => p.id))).toBe(true);
    expect(unique(seedBlogPosts.map((p) => p.slug))).toBe(true);
    for (const post of seedBlogPosts) {
      expect(post.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const lang of ['en', 'ru', 'ms'] as const) {
        expect(post.title[lang]?.length).toBeGreaterThan(10);
        expect(post.excerpt[lang]?.length).toBeGreaterThan(40);
        expect(post.body[lang]?.length).toBeGreaterThanOrEqual(4);
      }
      expect(post.body.ru.length).toBe(post.body.en.length);
      expect(post.body.ru.join(' ')).toMatch(/[а-я]/);
      expect(post.body.ms?.length).toBe(post.body.en.length);
      expect(post.body.ms?.join(' ')).toMatch(/\b(dan|anda|yang)\b/);
    }
  });
});

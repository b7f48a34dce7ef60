import { NumberType } from '@numbernest/contracts';
import type { CountryItem, NumberItem, NumberSource, PrivateOfferItem, RentTimeItem, ServiceItem, ServiceOfferItem } from '../catalogue';
import { rentPeriods, type DiscountsCents } from '../shared/pricing';
import { seedCountries, tierMultiplier, type SeedCountry } from './countries';
import { seededRandom, type Random } from './prng';
import { discountRates, seedServices } from './services';
import { seedSource } from './sources';

/** Change it and every seeded price and number changes; keep it fixed. */
const SEED = 20250601;

const roundTo5 = (cents: number) => Math.round(cents / 5) * 5;

/** Per-period discounts: a share of that period's full price, in whole 5-cent steps. */
function discountsFor(pricePerDayCents: number, rates: readonly [number, number, number]): DiscountsCents {
  const [d1, d2, d3] = rentPeriods.map((p, i) => roundTo5(pricePerDayCents * p.days * (rates[i] ?? 0)));
  return [d1 ?? 0, d2 ?? 0, d3 ?? 0];
}

/** Country tier times a ±10% local jitter, never below one cent. */
const localPrice = (base: number, country: SeedCountry, random: Random) =>
  Math.max(1, Math.round(base * tierMultiplier[country.tier] * (0.9 + 0.2 * random.next())));

function buildOffers(random: Random): ServiceOfferItem[] {
  return seedCountries.flatMap((country) =>
    seedServices.flatMap((service): ServiceOfferItem[] => {
      const offered = service.everywhere || (service.regions ? service.regions.includes(country.iso) : random.chance(0.75));
      if (!offered) return [];
      const pricePerDayCents = localPrice(service.basePerDayCents, country, random);
      const temporary = service.everywhere || random.chance(0.85);
      return [
        {
          countryId: country.id,
          serviceId: service.id,
          name: service.name,
          slug: service.slug,
          pricePerDayCents,
          discountsCents: discountsFor(pricePerDayCents, discountRates[service.discounts]),
          ...(temporary ? { temporaryPriceCents: localPrice(service.baseTemporaryCents, country, random) } : {}),
        },
      ];
    }),
  );
}

function buildPrivateOffers(random: Random): PrivateOfferItem[] {
  return seedCountries
    .filter((c) => c.privateNumbers)
    .map((country) => {
      const pricePerDayCents = localPrice(55, country, random);
      const rates = random.chance(0.2) ? discountRates.none : discountRates.standard;
      return { countryId: country.id, pricePerDayCents, discountsCents: discountsFor(pricePerDayCents, rates) };
    });
}

function buildNumbers(random: Random): Array<NumberItem & { source: NumberSource }> {
  const seen = new Set<string>();
  const numbers: Array<NumberItem & { source: NumberSource }> = [];
  const e164For = (country: SeedCountry) => {
    for (;;) {
      const prefix = random.pick(country.mobilePrefixes);
      const e164 = `+${country.dialCode}${prefix}${random.digits(country.nationalLength - prefix.length)}`;
      if (seen.has(e164)) continue; // a rare clash: draw again
      seen.add(e164);
      return e164;
    }
  };
  for (const country of seedCountries) {
    let inCountry = 0;
    const counts: [NumberType, number][] = [
      [NumberType.Shared, random.int(7, 10)],
      [NumberType.Private, country.privateNumbers ? random.int(5, 8) : 0],
      [NumberType.Temporary, random.int(5, 8)],
    ];
    for (const [typeId, count] of counts) {
      for (let i = 0; i < count; i++) {
        const source = seedSource(country.iso, inCountry++);
        numbers.push({ numberId: numbers.length + 1, countryId: country.id, typeId, e164: e164For(country), status: 'available', source });
      }
    }
  }
  return numbers;
}

/** The whole catalogue, deterministic: the same input always builds the same items. */
export function buildCatalog() {
  const random = seededRandom(SEED);
  const rentTimes: RentTimeItem[] = rentPeriods.map(({ id, name, days }) => ({ id, name, days }));
  const countries: CountryItem[] = seedCountries.map(({ id, name, iso, dialCode }) => ({ id, name, iso, dialCode }));
  const services: ServiceItem[] = seedServices.map(({ id, name, slug, protocolCode, patterns }) => ({
    id,
    name,
    slug,
    ...(protocolCode ? { protocolCode } : {}),
    patterns: { ...patterns },
  }));
  const offers = buildOffers(random);
  const privateOffers = buildPrivateOffers(random);
  const numbers = buildNumbers(random);
  return { rentTimes, countries, services, offers, privateOffers, numbers };
}

export type Catalog = ReturnType<typeof buildCatalog>;

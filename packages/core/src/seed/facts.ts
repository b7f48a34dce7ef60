import { NumberType } from '@numbernest/contracts';
import { rentalPrice } from '../shared/pricing';
import { seedBlogPosts } from '../content';
import { buildCatalog } from './build';
import { seedServices } from './services';

/** Built once per process: the catalogue is deterministic, so this is the seeded data. */
export const seedCatalog = buildCatalog();

const { countries, services, offers, privateOffers, numbers } = seedCatalog;
const numbersOf = (countryId: number, typeId: NumberType) => numbers.filter((n) => n.countryId === countryId && n.typeId === typeId);

/** How much the seed writes, so tests assert against it instead of hard-coded numbers. */
export const seedCounts = {
  rentTimes: seedCatalog.rentTimes.length,
  countries: countries.length,
  services: services.length,
  offers: offers.length,
  privateOffers: privateOffers.length,
  numbers: {
    total: numbers.length,
    shared: numbers.filter((n) => n.typeId === NumberType.Shared).length,
    private: numbers.filter((n) => n.typeId === NumberType.Private).length,
    temporary: numbers.filter((n) => n.typeId === NumberType.Temporary).length,
  },
  blogPosts: seedBlogPosts.length,
  offersByCountry: (countryId: number) => offers.filter((o) => o.countryId === countryId).length,
  numbersOf: (countryId: number, typeId: NumberType) => numbersOf(countryId, typeId).length,
};

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed data has no ${what}`);
  return value;
}

const serviceIdsWithoutDiscounts = new Set(seedServices.filter((s) => s.discounts === 'none').map((s) => s.id));
const noDiscountOffer = required(
  offers.find((o) => serviceIdsWithoutDiscounts.has(o.serviceId)),
  'offer without discounts',
);
const discountedOffer = required(
  offers.find((o) => o.discountsCents.some((d) => d > 0)),
  'discounted offer',
);
const noTemporaryOffer = required(
  offers.find((o) => o.temporaryPriceCents === undefined),
  'offer without a Temporary price',
);
const temporaryOffer = required(
  offers.find((o) => o.temporaryPriceCents !== undefined && numbersOf(o.countryId, NumberType.Temporary).length > 0),
  'Temporary offer',
);
const missingOffer = required(
  countries
    .flatMap((c) => services.map((s) => ({ countryId: c.id, serviceId: s.id })))
    .find(({ countryId, serviceId }) => !offers.some((o) => o.countryId === countryId && o.serviceId === serviceId)),
  'service missing from a country',
);
const privateOffer = required(privateOffers[0], 'private offer');
const noPrivateCountry = required(
  countries.find((c) => !privateOffers.some((p) => p.countryId === c.id)),
  'country without private numbers',
);
const sharedOffer = required(offers[0], 'shared offer');

/** Facts about the seeded catalogue that tests need, so no test hard-codes an id. */
export const catalogFixture = {
  /** No country has this id. */
  unknownCountryId: Math.max(...countries.map((c) => c.id)) + 1000,
  /** No service has this id. */
  unknownServiceId: Math.max(...services.map((s) => s.id)) + 1000,
  shared: {
    countryId: sharedOffer.countryId,
    serviceId: sharedOffer.serviceId,
    numberCount: numbersOf(sharedOffer.countryId, NumberType.Shared).length,
  },
  temporary: {
    countryId: temporaryOffer.countryId,
    serviceId: temporaryOffer.serviceId,
    priceCents: temporaryOffer.temporaryPriceCents as number,
    numberCount: numbersOf(temporaryOffer.countryId, NumberType.Temporary).length,
  },
  /** Offered in the country, but with no Temporary activations there. */
  temporaryNotOffered: { countryId: noTemporaryOffer.countryId, serviceId: noTemporaryOffer.serviceId },
  /** A real service that this real country does not offer. */
  serviceNotOffered: missingOffer,
  private: {
    countryId: privateOffer.countryId,
    numberCount: numbersOf(privateOffer.countryId, NumberType.Private).length,
    oneWeekTotalCents: rentalPrice(privateOffer, 1).totalCents,
  },
  countryWithoutPrivateOffer: noPrivateCountry.id,
  /** A service whose discounts are all zero (no discount badge), and a country that offers it. */
  serviceWithoutDiscounts: { countryId: noDiscountOffer.countryId, serviceId: noDiscountOffer.serviceId },
  serviceWithDiscounts: { countryId: discountedOffer.countryId, serviceId: discountedOffer.serviceId },
  newestBlogPostId: [...seedBlogPosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]?.id ?? 0,
  unknownBlogPostId: Math.max(...seedBlogPosts.map((p) => p.id)) + 1000,
};

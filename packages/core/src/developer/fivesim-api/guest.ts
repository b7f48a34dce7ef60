import { NumberType } from '@numbernest/contracts';
import { fiveSimHostingProducts } from '@numbernest/contracts/fivesim';
import { availableCount, availableCounts, cachedDeliveryRates, getPrivateOffer, listOfferItems, serviceCatalog, type CountryItem } from '../../catalogue';
import { NotFoundError } from '../../shared/errors';
import { rentalPrice, toDollars } from '../../shared/pricing';
import { answer, refuse, type FiveSimAnswer } from './answers';
import { countryName, countryNamed, liveCountries, productName, russianName, serviceNamed } from './names';

/**
 * What anyone may read: countries, products and prices, in 5sim's shapes and names. Counts are the
 * picker's (our free numbers and partners' fresh stock, one bounded read per country, capped), prices
 * the catalogue's in dollars, `rate` the delivered share of the last 30 days' activations in percent,
 * only once 20 activations say it.
 */

type Offer = { product: string; serviceId: number; cents: number; count: number; rate?: number };

/** A country's activations on sale: each product with its price, how many are on offer and its rate. */
async function activationOffers(country: CountryItem, serviceIds?: ReadonlySet<number>): Promise<Offer[]> {
  const [offers, catalog] = await Promise.all([listOfferItems(country.id), serviceCatalog()]);
  const sold = offers.filter((o) => o.temporaryPriceCents !== undefined && (!serviceIds || serviceIds.has(o.serviceId)));
  if (sold.length === 0) return [];
  const [counts, rates] = await Promise.all([
    availableCounts(
      country.id,
      NumberType.Temporary,
      sold.map((o) => o.serviceId),
    ),
    cachedDeliveryRates(country.id),
  ]);
  return sold.flatMap((offer) => {
    const service = catalog.byId.get(offer.serviceId);
    if (!service) return [];
    const rate = rates.get(offer.serviceId);
    return [
      {
        product: productName(service),
        serviceId: offer.serviceId,
        cents: offer.temporaryPriceCents!,
        count: counts.get(offer.serviceId) ?? 0,
        ...(rate == null ? {} : { rate: Math.round(rate * 10_000) / 100 }),
      },
    ];
  });
}

/** The country's Private offer, or undefined when it sells none. */
export const privateOffer = (country: CountryItem) =>
  getPrivateOffer(country.id).then(
    ({ offer }) => offer,
    (error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    },
  );

/** A country's hosting products: each rent period of its Private numbers, with how many are free. */
async function hostingOffers(country: CountryItem): Promise<Array<{ product: string; cents: number; count: number }>> {
  const offer = await privateOffer(country);
  if (!offer) return [];
  const count = await availableCount(country.id, NumberType.Private);
  return Object.entries(fiveSimHostingProducts).map(([product, periodId]) => ({ product, cents: rentalPrice(offer, periodId).totalCents, count }));
}

/** The countries asked: one by its name, or every live one for `any` (unknown: undefined). */
async function countriesAsked(name: string): Promise<CountryItem[] | undefined> {
  if (name.toLowerCase() === 'any') return liveCountries();
  const country = await countryNamed(name);
  return country && [country];
}

/** /guest/products/{country}/{operator}: `{product: {Category, Qty, Price}}`; for `any` country the lowest price and every country's count. */
export async function products(country: string, operator: string): Promise<FiveSimAnswer> {
  if (operator.toLowerCase() !== 'any') return answer({});
  const countries = await countriesAsked(country);
  if (!countries) return refuse('badCountry');
  const out: Record<string, { Category: 'activation' | 'hosting'; Qty: number; Price: number }> = {};
  const add = (product: string, category: 'activation' | 'hosting', cents: number, count: number) => {
    const seen = out[product];
    out[product] = seen
      ? { Category: category, Qty: seen.Qty + count, Price: Math.min(seen.Price, toDollars(cents)) }
      : { Category: category, Qty: count, Price: toDollars(cents) };
  };
  const perCountry = await Promise.all(countries.map(async (c) => ({ activations: await activationOffers(c), hosting: await hostingOffers(c) })));
  for (const { activations, hosting } of perCountry) {
    for (const offer of activations) add(offer.product, 'activation', offer.cents, offer.count);
    for (const offer of hosting) add(offer.product, 'hosting', offer.cents, offer.count);
  }
  return answer(out);
}

/** /guest/prices (`?country=`, `?product=`): country -> product -> `any` -> {cost, count, rate}. */
export async function prices(query: { country?: string; product?: string }): Promise<FiveSimAnswer> {
  const countries = query.country ? await countriesAsked(query.country) : await liveCountries();
  if (!countries) return refuse('badCountry');
  const service = query.product ? await serviceNamed(query.product) : undefined;
  if (query.product && !service) return refuse('noProduct');
  const serviceIds = service ? new Set([service.id]) : undefined;
  const out: Record<string, Record<string, Record<string, { cost: number; count: number; rate?: number }>>> = {};
  const perCountry = await Promise.all(countries.map(async (country) => ({ country, offers: await activationOffers(country, serviceIds) })));
  for (const { country, offers } of perCountry) {
    if (offers.length === 0) continue;
    out[countryName(country)] = Object.fromEntries(
      offers.map((offer) => [
        offer.product,
        { any: { cost: toDollars(offer.cents), count: offer.count, ...(offer.rate === undefined ? {} : { rate: offer.rate }) } },
      ]),
    );
  }
  return answer(out);
}

/** /guest/countries: each country's ISO code, dial prefix, names, and the one operator with what it sells. */
export async function countries(): Promise<FiveSimAnswer> {
  const live = await liveCountries();
  const entries = await Promise.all(
    live.map(async (country) => {
      const [offers, hosting] = await Promise.all([listOfferItems(country.id), privateOffer(country)]);
      const sells = {
        ...(offers.some((o) => o.temporaryPriceCents !== undefined) ? { activation: 1 as const } : {}),
        ...(hosting ? { hosting: 1 as const } : {}),
      };
      return [
        countryName(country),
        {
          iso: { [country.iso.toLowerCase()]: 1 },
          prefix: { [`+${country.dialCode.replace(/^\+/, '')}`]: 1 },
          text_en: country.name,
          text_ru: russianName(country),
          ...(Object.keys(sells).length ? { any: sells } : {}),
        },
      ] as const;
    }),
  );
  return answer(Object.fromEntries(entries));
}

/** /guest/flash/{lang}: 5sim's notification; we have none to show. */
export const flash = (): FiveSimAnswer => answer({ text: '' });

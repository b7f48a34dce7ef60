import type { CatalogService, ServiceProvider } from '@numbernest/contracts';
import { readPartition } from '../shared/db';
import { serviceOfferItem } from '../shared/db/items/catalogue';
import { NotFoundError } from '../shared/errors';
import { toDollars } from '../shared/pricing';
import { byName, getCountry } from './countries';
import { serviceLogoUrl } from '../shared/images';
import type { CountryItem, ServiceOfferItem } from './items';
import { keys } from './keys';
import { cachedReference } from './reference-cache';
import { listServiceItems } from './service-routing';

export const tariffDollars = (t: Pick<ServiceOfferItem, 'pricePerDayCents' | 'discountsCents'>) => ({
  price_per_day: toDollars(t.pricePerDayCents),
  discount_1: toDollars(t.discountsCents[0]),
  discount_2: toDollars(t.discountsCents[1]),
  discount_3: toDollars(t.discountsCents[2]),
});

const toServiceProvider = (o: ServiceOfferItem): ServiceProvider => ({
  id: o.serviceId,
  name: o.name,
  url: serviceLogoUrl(o.slug),
  ...tariffDollars(o),
  temporary_price: o.temporaryPriceCents === undefined ? null : toDollars(o.temporaryPriceCents),
});

/** A country's offers (cached reference data). */
export const listOfferItems = (countryId: number) =>
  cachedReference(keys.offersOf(countryId), () => readPartition(serviceOfferItem, { countryId, serviceId: 0 }, { skPrefix: keys.offerPrefix }));

/** Services offered in a country with that country's prices; unknown country -> NotFoundError. */
export async function listServices(countryId: number): Promise<ServiceProvider[]> {
  const [, offers] = await Promise.all([getCountry(countryId), listOfferItems(countryId)]);
  return offers.sort(byName).map(toServiceProvider);
}

/** A service as offered in a country; NotFoundError when the country is unknown or lacks it. */
/** An offer's price per Temporary activation; TEMPORARY_NOT_OFFERED (404) when the service has none in the country. */
export function temporaryPriceOf(country: Pick<CountryItem, 'name'>, offer: Pick<ServiceOfferItem, 'name' | 'temporaryPriceCents'>): number {
  if (offer.temporaryPriceCents === undefined)
    throw new NotFoundError(`Temporary numbers for ${offer.name} are not offered in ${country.name}`, 'TEMPORARY_NOT_OFFERED', {
      service: offer.name,
      country: country.name,
    });
  return offer.temporaryPriceCents;
}

export async function getServiceOffer(countryId: number, serviceId: number): Promise<{ country: CountryItem; offer: ServiceOfferItem }> {
  const [country, offers] = await Promise.all([getCountry(countryId), listOfferItems(countryId)]);
  const offer = offers.find((o) => o.serviceId === serviceId);
  if (!offer)
    throw new NotFoundError(`Service ${serviceId} is not offered in ${country.name}`, 'SERVICE_NOT_OFFERED', { service_id: serviceId, country: country.name });
  return { country, offer };
}

/** Every service of the catalogue, by name, with its protocol code (what the API docs page lists). */
export async function listCatalogServices(): Promise<CatalogService[]> {
  const services = await listServiceItems();
  return [...services].sort(byName).map((s) => ({ id: s.id, name: s.name, code: s.protocolCode ?? null }));
}

import type { ServiceProvider } from '@numbernest/contracts';
import { getItem, queryPartition } from '../db';
import { NotFoundError } from '../errors';
import { toDollars } from '../pricing';
import { byName, getCountry } from './countries';
import { serviceLogoUrl } from '../images';
import type { CountryItem, ServiceOfferItem } from './items';
import { keys } from './keys';

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

/** Services offered in a country with that country's prices; unknown country -> NotFoundError. */
export async function listServices(countryId: number): Promise<ServiceProvider[]> {
  const [, offers] = await Promise.all([
    getCountry(countryId),
    queryPartition<ServiceOfferItem>(keys.offersOf(countryId), keys.offerPrefix),
  ]);
  return offers.sort(byName).map(toServiceProvider);
}

/** A service as offered in a country; NotFoundError when the country is unknown or lacks it. */
export async function getServiceOffer(
  countryId: number,
  serviceId: number,
): Promise<{ country: CountryItem; offer: ServiceOfferItem }> {
  const [country, offer] = await Promise.all([
    getCountry(countryId),
    getItem<ServiceOfferItem>(keys.offer(countryId, serviceId)),
  ]);
  if (!offer) throw new NotFoundError(`Service ${serviceId} is not offered in ${country.name}`);
  return { country, offer };
}

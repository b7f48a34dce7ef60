import type { PrivateCountry } from '@numbernest/contracts';
import { readPartition } from '../shared/db';
import { privateOfferItem } from '../shared/db/items/catalogue';
import { NotFoundError } from '../shared/errors';
import { rentalPrice, toDollars } from '../shared/pricing';
import { byName, getCountry, listCountryItems, toCountry } from './countries';
import type { CountryItem, PrivateOfferItem } from './items';
import { keys } from './keys';
import { cachedReference } from './reference-cache';
import { tariffDollars } from './services';

const oneWeek = 1;

const listPrivateOffers = () => cachedReference(keys.privateOffers, () => readPartition(privateOfferItem, { countryId: 0 }));

/** Countries with private numbers, each with its per-day price, discounts and 1-week "from" price. */
export async function listPrivateCountries(): Promise<PrivateCountry[]> {
  const [countries, offers] = await Promise.all([listCountryItems(), listPrivateOffers()]);
  const countryById = new Map(countries.map((c) => [c.id, c]));
  return offers
    .flatMap((offer) => {
      const country = countryById.get(offer.countryId);
      return country ? [{ country, offer }] : [];
    })
    .sort((a, b) => byName(a.country, b.country))
    .map(({ country, offer }) => ({
      ...toCountry(country),
      ...tariffDollars(offer),
      price: toDollars(rentalPrice(offer, oneWeek).totalCents),
    }));
}

/** The private offer of a country; NotFoundError when the country is unknown or has none. */
export async function getPrivateOffer(countryId: number): Promise<{ country: CountryItem; offer: PrivateOfferItem }> {
  const [country, offers] = await Promise.all([getCountry(countryId), listPrivateOffers()]);
  const offer = offers.find((o) => o.countryId === countryId);
  if (!offer) throw new NotFoundError(`Private numbers are not offered in ${country.name}`, 'PRIVATE_NOT_OFFERED', { country: country.name });
  return { country, offer };
}

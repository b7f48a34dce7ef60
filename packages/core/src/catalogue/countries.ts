import type { Country } from '@numbernest/contracts';
import { readPartition } from '../shared/db';
import { countryItem } from '../shared/db/items/catalogue';
import { NotFoundError } from '../shared/errors';
import { flagUrl } from '../shared/images';
import type { CountryItem } from './items';
import { keys } from './keys';
import { cachedReference } from './reference-cache';

export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

export const toCountry = (c: CountryItem): Country => ({ id: c.id, name: c.name, code: c.iso.toUpperCase(), url: flagUrl(c.iso) });

/** Every country, disabled ones too (the operator console; cached like the rest of the catalogue). */
export function listAllCountryItems(): Promise<CountryItem[]> {
  return cachedReference(keys.countries, () => readPartition(countryItem, { id: 0 }));
}

/** The countries on sale: a disabled one leaves every public list, and nothing new is sold in it. */
export async function listCountryItems(): Promise<CountryItem[]> {
  return (await listAllCountryItems()).filter((c) => !c.disabled);
}

export async function listCountries(): Promise<Country[]> {
  return (await listCountryItems()).sort(byName).map(toCountry);
}

/** The country, or NotFoundError. */
export async function getCountry(countryId: number): Promise<CountryItem> {
  const country = (await listCountryItems()).find((c) => c.id === countryId);
  if (!country) throw new NotFoundError(`Country ${countryId} not found`, 'COUNTRY_NOT_FOUND', { country_id: countryId });
  return country;
}

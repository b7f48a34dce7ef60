import type { CountryItem, ServiceCatalog } from '../../catalogue';
import { listCountryItems, russianCountryName, countryIdOfIso, serviceCatalog } from '../../catalogue';
import { codeOfFiveSimProduct, fiveSimCountryOfIso, fiveSimProductOfCode, isoOfFiveSimCountry } from '../../shared/upstream-protocol/codes';

/**
 * 5sim's names for our countries and services. A country is named as 5sim names it (`england`,
 * `usa`), one 5sim lacks by its English name in lower case without spaces; a service by 5sim's
 * product name (`telegram`), one 5sim lacks by its slug. Reading a name goes the same way back.
 */

type ServiceItem = ServiceCatalog['byId'] extends ReadonlyMap<number, infer S> ? S : never;

const plainName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const countryName = (country: Pick<CountryItem, 'iso' | 'name'>) => fiveSimCountryOfIso(country.iso) ?? plainName(country.name);

export const productName = (service: Pick<ServiceItem, 'slug' | 'protocolCode'>) =>
  (service.protocolCode ? fiveSimProductOfCode(service.protocolCode) : undefined) ?? service.slug;

/** The country's name in Russian (5sim's `text_ru`): the protocol table's, else the language's own. */
const russianNames = new Intl.DisplayNames(['ru'], { type: 'region' });
export function russianName(country: Pick<CountryItem, 'iso' | 'name'>): string {
  const protocolId = countryIdOfIso(country.iso);
  const listed = protocolId === undefined ? undefined : russianCountryName(protocolId);
  if (listed) return listed;
  try {
    return russianNames.of(country.iso.toUpperCase()) ?? country.name;
  } catch {
    return country.name;
  }
}

/** Our live countries (the disabled ones are not sold). */
export async function liveCountries(): Promise<CountryItem[]> {
  return (await listCountryItems()).filter((country) => !country.disabled);
}

/** The country a 5sim name names, among ours (undefined: none). */
export async function countryNamed(name: string): Promise<CountryItem | undefined> {
  const asked = name.toLowerCase();
  const iso = isoOfFiveSimCountry(asked);
  return (await liveCountries()).find((country) => (iso !== undefined && country.iso === iso) || countryName(country) === asked);
}

/** The service a 5sim product name names (undefined: none). */
export async function serviceNamed(name: string): Promise<ServiceItem | undefined> {
  const asked = name.toLowerCase();
  const catalog = await serviceCatalog();
  const code = codeOfFiveSimProduct(asked);
  const byCode = code === undefined ? undefined : catalog.byCode.get(code);
  return byCode ?? [...catalog.byId.values()].find((service) => productName(service) === asked);
}

export type { ServiceItem };

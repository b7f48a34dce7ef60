import { NumberType } from '@numbernest/contracts';
import {
  availableCounts,
  cachedDeliveryRates,
  type CountryItem,
  type ServiceOfferItem,
  listCountryItems,
  serviceCatalog,
  listOfferItems,
  countryCodes,
  countryIdOfIso,
  isoOfCountryId,
  russianCountryName,
} from '../../catalogue';
import { toDollars } from '../../shared/pricing';
import { errors, json, type Answer } from './answers';
import { countryParam, parseId, type Params } from './protocol';

/** The protocol's catalogue reads: countries, services, prices and counts of free numbers. */

/** Our countries that the protocol names, with their protocol id. */
export async function carriedCountries(): Promise<Array<{ protocolId: number; country: CountryItem }>> {
  const items = await listCountryItems();
  return items.flatMap((country) => {
    const protocolId = countryIdOfIso(country.iso);
    return protocolId === undefined ? [] : [{ protocolId, country }];
  });
}

/** Our country behind a protocol country id, if we carry it. */
export async function countryOf(protocolId: number): Promise<CountryItem | undefined> {
  const iso = isoOfCountryId(protocolId);
  if (!iso) return undefined;
  return (await listCountryItems()).find((c) => c.iso === iso);
}

type TemporaryOffer = ServiceOfferItem & { temporaryPriceCents: number };

const offersTemporary = (offer: ServiceOfferItem): offer is TemporaryOffer => offer.temporaryPriceCents !== undefined;

/** Temporary offers of a country that the protocol names: [code, offer]. */
export async function temporaryOffers(countryId: number): Promise<Array<[string, TemporaryOffer]>> {
  const [offers, services] = await Promise.all([listOfferItems(countryId), serviceCatalog()]);
  return offers.flatMap((o) => {
    const code = services.byId.get(o.serviceId)?.protocolCode;
    return code && offersTemporary(o) ? [[code, o]] : [];
  });
}

/**
 * Temporary numbers free for each offer's service: one bounded read of the country's list (at most
 * `availableCountCap` counted per service), never the whole inventory.
 */
async function countsOf(countryId: number, offers: ReadonlyArray<[string, ServiceOfferItem]>): Promise<Map<number | undefined, number>> {
  if (!offers.length) return new Map();
  return availableCounts(
    countryId,
    NumberType.Temporary,
    offers.map(([, offer]) => offer.serviceId),
  );
}

/** {"<country>": {"<service>": {"cost": 0.3, "count": 12}}}, optionally one service and/or one country. */
export async function getPrices(params: Params): Promise<Answer> {
  if (params.service && !(await serviceCatalog()).byCode.has(params.service)) return errors.badService;
  let countries = await carriedCountries();
  if (params.country !== undefined && params.country !== '') {
    const id = parseId(params.country);
    countries = countries.filter((c) => c.protocolId === id);
  }
  const out: Record<string, Record<string, { cost: number; count: number; delivery_rate?: number }>> = {};
  for (const { protocolId, country } of countries) {
    const offers = (await temporaryOffers(country.id)).filter(([code]) => !params.service || params.service === code);
    const [counts, rates] = await Promise.all([countsOf(country.id, offers), cachedDeliveryRates(country.id)]);
    const services: (typeof out)[string] = {};
    for (const [code, offer] of offers) {
      const rate = rates.get(offer.serviceId);
      // Our extra field, only where 20 activations say it (a client reading the protocol's two passes over it).
      services[code] = {
        cost: toDollars(offer.temporaryPriceCents),
        count: counts.get(offer.serviceId) ?? 0,
        ...(rate == null ? {} : { delivery_rate: rate }),
      };
    }
    if (Object.keys(services).length) out[String(protocolId)] = services;
  }
  return json(out);
}

/** {"<service>_0": "<count>"} for a country (the protocol's `_0`: without call forwarding). */
export async function getNumbersStatus(params: Params): Promise<Answer> {
  const protocolCountry = countryParam(params);
  const country = protocolCountry === undefined ? undefined : await countryOf(protocolCountry);
  if (!country) return json({});
  const offers = await temporaryOffers(country.id);
  const counts = await countsOf(country.id, offers);
  return json(Object.fromEntries(offers.map(([code, offer]) => [`${code}_0`, String(counts.get(offer.serviceId) ?? 0)])));
}

export async function getCountries(): Promise<Answer> {
  const carried = new Map((await carriedCountries()).map((c) => [c.protocolId, c.country]));
  const out: Record<string, unknown> = {};
  for (const [id] of countryCodes) {
    const country = carried.get(id);
    if (!country) continue;
    out[String(id)] = { id, rus: russianCountryName(id) ?? country.name, eng: country.name, chn: country.name, visible: 1, retry: 1, rent: 0, multiService: 0 };
  }
  return json(out);
}

export async function getServicesList(): Promise<Answer> {
  const { byCode } = await serviceCatalog();
  return json({ status: 'success', services: [...byCode].map(([code, s]) => ({ code, name: s.name })) });
}

import { NumberType } from '@numbernest/contracts';
import { availableCount, serviceCatalog } from '../../catalogue';
import { toDollars } from '../../shared/pricing';
import { temporaryPurchasesByPlace } from '../../stats';
import { errors, json, type Answer } from './answers';
import { carriedCountries, temporaryOffers } from './catalogue';
import { parseId, type Params } from './protocol';

/**
 * getOperators and getTopCountriesByService. We do not sell numbers by mobile operator, so every
 * carried country has the one operator `any` (what getNumber's `operator` accepts). The top
 * countries rank by `share`: the country's part of the service's activations in the last 30 days,
 * from the day counters the purchases write (stats/record.ts, `temporaryN:<service>:<country>`):
 * one BatchGet of 30 items, never a scan.
 */

const shareDays = 30;

/** getOperators: `{status, countryOperators: {"<country>": ["any"]}}`, one country (`country`) or all. */
export async function getOperators(params: Params): Promise<Answer> {
  let countries = await carriedCountries();
  if (params.country !== undefined && params.country !== '') {
    const id = parseId(params.country);
    countries = countries.filter((c) => c.protocolId === id);
    if (!countries.length) return errors.operatorsNotFound;
  }
  return json({ status: 'success', countryOperators: Object.fromEntries(countries.map((c) => [String(c.protocolId), ['any']])) });
}

/**
 * getTopCountriesByService: `{"0": {country, count, price, retail_price, share}, …}` by rank, for
 * one service (`service`) or, without it, every service (the cheapest price per country). `share`
 * is a percentage with two decimals; `count` the free numbers; `retail_price` equals `price` (one
 * price for everyone).
 */
export async function getTopCountriesByService(params: Params): Promise<Answer> {
  const { byCode } = await serviceCatalog();
  const service = params.service ? byCode.get(params.service) : undefined;
  if (params.service && !service) return errors.badService;
  const [countries, activations] = await Promise.all([carriedCountries(), temporaryPurchasesByPlace(shareDays)]);
  const rows = await Promise.all(
    countries.map(async ({ protocolId, country }) => {
      const offers = (await temporaryOffers(country.id)).filter(([, offer]) => !service || offer.serviceId === service.id);
      if (!offers.length) return undefined;
      // Free for the service asked (bounded count, as getNumbersStatus answers); without one, free at all.
      const count = await availableCount(country.id, NumberType.Temporary, service?.id);
      const bought = offers.reduce((sum, [, offer]) => sum + (activations.get(`${offer.serviceId}:${country.id}`) ?? 0), 0);
      const priceCents = Math.min(...offers.map(([, offer]) => offer.temporaryPriceCents));
      return { country: protocolId, count, priceCents, bought };
    }),
  );
  const carried = rows.filter((row) => row !== undefined);
  const total = carried.reduce((sum, row) => sum + row.bought, 0);
  carried.sort((a, b) => b.bought - a.bought || b.count - a.count || a.priceCents - b.priceCents || a.country - b.country);
  return json(
    Object.fromEntries(
      carried.map((row, rank) => [
        String(rank),
        {
          country: row.country,
          count: row.count,
          price: toDollars(row.priceCents),
          retail_price: toDollars(row.priceCents),
          share: total ? Math.round((row.bought / total) * 10_000) / 100 : 0,
        },
      ]),
    ),
  );
}

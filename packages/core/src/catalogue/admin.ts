/**
 * The operator console's catalogue: its reads here, and the entry of its edits (offers, countries,
 * services), each in its own module over the one-transaction write in `catalogue-write.ts`.
 */
import type { OpsOffer } from '@numbernest/contracts/ops';
import { NotFoundError } from '../shared/errors';
import { readPartition } from '../shared/db';
import { countryItem, serviceOfferItem, serviceOfferPrefix } from '../shared/db/items/catalogue';
import { catalogCacheSeconds } from '../shared/settings';
import { readServices, readState } from './catalogue-write';
import { toOpsCountry, toOpsOffer, toOpsPrivateOffer, toOpsService } from './ops-shapes';

export { recomputePriceSummary, summaryOf, type Editor } from './catalogue-write';
export { toOpsOffer, toOpsPrivateOffer } from './ops-shapes';
export { putOffer, putPrivateOffer, deletePrivateOffer, bulkPrices } from './offer-edits';
export { addCountry, updateCountry } from './country-edits';
export { addService, updateService } from './service-edits';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** GET /api/ops/catalogue: every country (disabled too), service and Private offer, as stored now. */
export async function opsCatalogue() {
  const [state, services] = await Promise.all([readState(), readServices()]);
  return {
    countries: [...state.countries].sort(byName).map((c) => toOpsCountry(c, state)),
    services: [...services].sort(byName).map(toOpsService),
    private_offers: [...state.privateOffers].sort((a, b) => a.countryId - b.countryId).map(toOpsPrivateOffer),
    cache_seconds: catalogCacheSeconds(),
  };
}

/** A country's offers, by service name, as stored now. */
export async function opsOffersOf(countryId: number): Promise<OpsOffer[]> {
  const countries = await readPartition(countryItem, { id: 0 });
  if (!countries.some((c) => c.id === countryId)) throw new NotFoundError(`Country ${countryId} not found`, 'COUNTRY_NOT_FOUND', { country_id: countryId });
  const offers = await readPartition(serviceOfferItem, { countryId, serviceId: 0 }, { skPrefix: serviceOfferPrefix });
  return offers.sort(byName).map(toOpsOffer);
}

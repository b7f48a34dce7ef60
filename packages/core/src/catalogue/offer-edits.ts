/**
 * The operator console's price edits: one offer's prices, a country's Private prices, and a bulk
 * change of a country's or a service's offers by a percentage.
 */
import { fieldProblem } from '@numbernest/contracts';
import {
  discountPeriodDays,
  maxCataloguePrice,
  type BulkChange,
  type BulkPriceRequest,
  type OfferPut,
  type OpsOffer,
  type OpsPrivateOffer,
  type PrivateOfferPut,
} from '@numbernest/contracts/ops';
import { txDelete, txPut } from '../shared/db';
import { privateOfferItem, serviceOfferItem } from '../shared/db/items/catalogue';
import { NotFoundError, ValidationError } from '../shared/errors';
import { scaleCents, toCents, type DiscountsCents } from '../shared/pricing';
import {
  audit,
  catalogueWrite,
  changedMeanwhile,
  countryOf,
  mark,
  maxItemsPerWrite,
  readServices,
  serviceOf,
  type Editor,
  type Stored,
} from './catalogue-write';
import type { PrivateOfferItem, ServiceOfferItem } from './items';
import { toOpsOffer, toOpsPrivateOffer } from './ops-shapes';

const tariffCents = (t: Omit<PrivateOfferPut, 'reason'>) => ({
  pricePerDayCents: toCents(t.price_per_day),
  discountsCents: [toCents(t.discount_1), toCents(t.discount_2), toCents(t.discount_3)] as const,
});

/** Sets a (country, service) offer's prices, creating the offer when absent. */
export async function putOffer(countryId: number, serviceId: number, input: OfferPut, by: Editor, now = new Date()): Promise<OpsOffer> {
  return catalogueWrite(async (state) => {
    countryOf(state, countryId);
    const service = serviceOf(await readServices(), serviceId);
    const before = state.offers.find((o) => o.countryId === countryId && o.serviceId === serviceId);
    const offer: Stored<ServiceOfferItem> = {
      countryId,
      serviceId,
      name: service.name,
      slug: service.slug,
      ...tariffCents(input),
      ...(input.temporary_price === null ? {} : { temporaryPriceCents: toCents(input.temporary_price) }),
      ...mark(by, now),
    };
    const after = { ...state, offers: [...state.offers.filter((o) => o !== before), offer] };
    return {
      items: [
        txPut(serviceOfferItem, offer, { onConditionFailed: changedMeanwhile }),
        audit(by, 'catalogue.offer.put', { type: 'offer', id: `${countryId}/${serviceId}` }, before ? toOpsOffer(before) : null, toOpsOffer(offer)),
      ],
      after,
      result: toOpsOffer(offer),
    };
  });
}

/** Sets a country's Private prices, creating the offer when absent. */
export async function putPrivateOffer(countryId: number, input: PrivateOfferPut, by: Editor, now = new Date()): Promise<OpsPrivateOffer> {
  return catalogueWrite(async (state) => {
    countryOf(state, countryId);
    const before = state.privateOffers.find((p) => p.countryId === countryId);
    const offer: Stored<PrivateOfferItem> = { countryId, ...tariffCents(input), ...mark(by, now) };
    return {
      items: [
        txPut(privateOfferItem, offer, { onConditionFailed: changedMeanwhile }),
        audit(
          by,
          'catalogue.private-offer.put',
          { type: 'private-offer', id: String(countryId) },
          before ? toOpsPrivateOffer(before) : null,
          toOpsPrivateOffer(offer),
        ),
      ],
      after: { ...state, privateOffers: [...state.privateOffers.filter((p) => p !== before), offer] },
      result: toOpsPrivateOffer(offer),
    };
  });
}

/** Stops offering Private numbers in a country (running Private rentals go on; extending them is refused). */
export async function deletePrivateOffer(countryId: number, by: Editor): Promise<null> {
  return catalogueWrite(async (state) => {
    const country = countryOf(state, countryId);
    const before = state.privateOffers.find((p) => p.countryId === countryId);
    if (!before) throw new NotFoundError(`Private numbers are not offered in ${country.name}`, 'PRIVATE_NOT_OFFERED', { country: country.name });
    return {
      items: [
        txDelete(privateOfferItem, { countryId }, { ifExists: true, onConditionFailed: changedMeanwhile }),
        audit(by, 'catalogue.private-offer.delete', { type: 'private-offer', id: String(countryId) }, toOpsPrivateOffer(before), null),
      ],
      after: { ...state, privateOffers: state.privateOffers.filter((p) => p !== before) },
      result: null,
    };
  });
}

/** What a bulk change refuses: a price at or below zero or over the maximum, a discount over its period's price. */
function scaledOffer(offer: Stored<ServiceOfferItem>, percent: number): { offer: Stored<ServiceOfferItem>; problem?: string } {
  const price = scaleCents(offer.pricePerDayCents, percent);
  const discounts = offer.discountsCents.map((d) => scaleCents(d, percent)) as unknown as DiscountsCents;
  const temporary = offer.temporaryPriceCents === undefined ? undefined : scaleCents(offer.temporaryPriceCents, percent);
  const scaled = { ...offer, pricePerDayCents: price, discountsCents: discounts, ...(temporary === undefined ? {} : { temporaryPriceCents: temporary }) };
  const maxCents = maxCataloguePrice * 100;
  const where = `${offer.name} in country ${offer.countryId}`;
  if (price <= 0 || (temporary !== undefined && temporary <= 0)) return { offer: scaled, problem: `${where}: a price would be $0.00 or less` };
  if (price > maxCents || (temporary !== undefined && temporary > maxCents))
    return { offer: scaled, problem: `${where}: a price would be over $${maxCataloguePrice}` };
  if (discounts.some((d, i) => d > price * discountPeriodDays[i]! - 1))
    return { offer: scaled, problem: `${where}: a discount would exceed its period's price` };
  return { offer: scaled };
}

/**
 * Every offer of one country or one service by `percent` (each price and discount rounded to the
 * cent as pricing rounds). All or nothing: one offer whose result is refused refuses the whole
 * change, naming it. `preview`: the changes, nothing written. One audit entry lists them all.
 */
export async function bulkPrices(input: BulkPriceRequest, by: Editor, now = new Date()): Promise<{ applied: boolean; changes: BulkChange[] }> {
  return catalogueWrite<{ applied: boolean; changes: BulkChange[] }>(async (state) => {
    let offers: Stored<ServiceOfferItem>[];
    let target: { type: string; id: string };
    const field = input.country_id !== undefined ? 'country_id' : 'service_id';
    if (input.country_id !== undefined) {
      countryOf(state, input.country_id);
      offers = state.offers.filter((o) => o.countryId === input.country_id);
      target = { type: 'country', id: String(input.country_id) };
    } else {
      serviceOf(await readServices(), input.service_id!);
      offers = state.offers.filter((o) => o.serviceId === input.service_id);
      target = { type: 'service', id: String(input.service_id) };
    }
    if (offers.length === 0) throw new ValidationError('Invalid request', { [field]: [fieldProblem('INVALID_VALUE', undefined, 'Has no offers.')] });
    if (offers.length > maxItemsPerWrite)
      throw new ValidationError('Invalid request', {
        [field]: [fieldProblem('TOO_BIG', { count: maxItemsPerWrite }, `Has ${offers.length} offers; one change takes at most ${maxItemsPerWrite}.`)],
      });
    const scaled = offers.map((o) => scaledOffer(o, input.percent));
    const problems = scaled.flatMap((s) => (s.problem ? [s.problem] : []));
    if (problems.length)
      throw new ValidationError('Invalid request', {
        percent: [
          fieldProblem(
            'INVALID_VALUE',
            undefined,
            `Refused: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
          ),
        ],
      });
    const marked = scaled.map((s) => ({ ...s.offer, ...mark(by, now) }));
    const changes = offers.map((o, i) => ({ before: toOpsOffer(o), after: toOpsOffer(marked[i]!) }));
    if (input.preview) return { items: [], result: { applied: false, changes } };
    const touched = new Set(offers);
    return {
      items: [
        ...marked.map((o) => txPut(serviceOfferItem, o, { onConditionFailed: changedMeanwhile })),
        audit(by, 'catalogue.offers.bulk', target, { percent: input.percent, offers: changes.map((c) => c.before) }, { offers: changes.map((c) => c.after) }),
      ],
      after: { ...state, offers: [...state.offers.filter((o) => !touched.has(o)), ...marked] },
      result: { applied: true, changes },
    };
  });
}

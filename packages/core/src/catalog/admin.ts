import { fieldProblem } from '@numbernest/contracts';
import {
  discountPeriodDays,
  maxCataloguePrice,
  type BulkChange,
  type BulkPriceRequest,
  type CountryCreate,
  type CountryPatch,
  type OfferPut,
  type OperatorRef,
  type OpsCountry,
  type OpsOffer,
  type OpsPrivateOffer,
  type OpsService,
  type PrivateOfferPut,
  type ServiceCreate,
  type ServicePatch,
} from '@numbernest/contracts/ops';
import {
  cancellationReasons,
  getItem,
  putNew,
  queryPartition,
  retryOnConflict,
  tableName,
  transactWrite,
  tryAgain,
  updateExpression,
  withoutKeys,
  type TransactItem,
  type UpdateParts,
} from '../db';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { auditPut } from '../operator/audit';
import { scaleCents, toCents, toDollars, type Cents, type DiscountsCents } from '../pricing';
import type { CountryItem, EditedMark, PriceSummaryItem, PrivateOfferItem, ServiceItem, ServiceOfferItem } from './items';
import { keys } from './keys';
import { summarizePrices } from './price-summary';
import { catalogCacheSeconds } from '../settings';
import { parseServiceRouting, routedAfter, routingOf, serviceRoutingUpdate } from './service-routing';

/**
 * The operator console's catalogue edits. Every write is one transaction: the change, its audit
 * entry and, when prices or what is on sale change, the price summary recomputed from the whole
 * catalogue as stored. The summary carries a revision that each such transaction checks and bumps,
 * so two edits at once never leave a summary computed from a stale read (the loser reads again).
 * Public readers see a change within the catalogue cache's lifetime (`catalogCacheSeconds`).
 */

export interface Editor {
  operator: OperatorRef;
  reason?: string | undefined;
}

/** The largest TransactWriteItems takes 100 items; a write keeps 2 for its audit entry and the summary. */
const maxItemsPerWrite = 98;

type Stored<T> = T & EditedMark;
type SummaryItem = PriceSummaryItem & { revision?: number };

/** The catalogue as stored now, read past the cache. */
interface CatalogueState {
  countries: Stored<CountryItem>[];
  offers: Stored<ServiceOfferItem>[];
  privateOffers: Stored<PrivateOfferItem>[];
  revision: number | undefined;
}

const strip = <T extends object>(items: T[]) => items.map((i) => withoutKeys(i));

async function readState(): Promise<CatalogueState> {
  const [countries, privateOffers, summary] = await Promise.all([
    queryPartition<CountryItem>(keys.countries).then(strip),
    queryPartition<PrivateOfferItem>(keys.privateOffers).then(strip),
    getItem<SummaryItem>(keys.priceSummary),
  ]);
  const offers = (await Promise.all(countries.map((c) => queryPartition<ServiceOfferItem>(keys.offersOf(c.id), keys.offerPrefix)))).flat();
  return { countries, offers: strip(offers), privateOffers, revision: summary?.revision };
}

const readServices = async () => strip(await queryPartition<ServiceItem>(keys.services));

/** Pure: the summary of what is on sale (offers of enabled countries). */
export function summaryOf(state: Pick<CatalogueState, 'countries' | 'offers' | 'privateOffers'>): PriceSummaryItem {
  const onSale = new Set(state.countries.filter((c) => !c.disabled).map((c) => c.id));
  return summarizePrices(
    state.offers.filter((o) => onSale.has(o.countryId)),
    state.privateOffers.filter((p) => onSale.has(p.countryId)),
  );
}

/** The summary's Put, conditioned on the revision read (absent: the seed wrote it, or nothing has). */
function summaryPut(state: CatalogueState): TransactItem {
  const revision = (state.revision ?? 0) + 1;
  const stripped = Object.fromEntries(Object.entries(summaryOf(state)).filter(([, v]) => v !== undefined));
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.priceSummary, ...stripped, revision },
      ConditionExpression: state.revision === undefined ? 'attribute_not_exists(revision)' : 'revision = :seen',
      ...(state.revision === undefined ? {} : { ExpressionAttributeValues: { ':seen': state.revision } }),
    },
  };
}

/** Reads the catalogue afresh, recomputes the summary and stores it (the seed, after it wrote). */
export async function recomputePriceSummary(): Promise<PriceSummaryItem> {
  return retryOnConflict(
    async () => {
      const state = await readState();
      try {
        await transactWrite([summaryPut(state)]);
      } catch (error) {
        if (cancellationReasons(error).includes('ConditionalCheckFailed')) return tryAgain;
        throw error;
      }
      return summaryOf(state);
    },
    { attempts: 5 },
  );
}

interface Write<T> {
  /** The change's items and its audit entry; empty: nothing to write (a preview). */
  items: TransactItem[];
  /** The catalogue after the change (prices and what is on sale): its summary is written with it. */
  after?: CatalogueState;
  result: T;
}

/** Runs one catalogue write: read, build, one transaction; again from a fresh read when the summary moved meanwhile. */
async function catalogueWrite<T>(build: (state: CatalogueState) => Promise<Write<T>>): Promise<T> {
  return retryOnConflict(
    async () => {
      const state = await readState();
      const { items, after, result } = await build(state);
      if (items.length === 0) return result;
      const all = after ? [...items, summaryPut(after)] : items;
      try {
        await transactWrite(all);
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (after && reasons[all.length - 1] === 'ConditionalCheckFailed') return tryAgain;
        if (reasons.includes('ConditionalCheckFailed')) throw new ConflictError('The catalogue changed meanwhile; look again', 'CONCURRENT_CHANGE');
        throw error;
      }
      return result;
    },
    { attempts: 5 },
  );
}

const mark = (by: Editor, now: Date): EditedMark => ({ editedAt: now.toISOString(), editedBy: by.operator.email });
const put = (item: Record<string, unknown>): TransactItem => ({ Put: { TableName: tableName(), Item: item } });
const audit = (by: Editor, action: string, target: { type: string; id: string }, before: unknown, after: unknown) =>
  auditPut({ operator: by.operator, action, target, before, after, ...(by.reason ? { reason: by.reason } : {}) });

// Wire shapes (dollars).

const tariffOf = (t: { pricePerDayCents: Cents; discountsCents: DiscountsCents }) => ({
  price_per_day: toDollars(t.pricePerDayCents),
  discount_1: toDollars(t.discountsCents[0]),
  discount_2: toDollars(t.discountsCents[1]),
  discount_3: toDollars(t.discountsCents[2]),
});

export const toOpsOffer = (o: ServiceOfferItem): OpsOffer => ({
  country_id: o.countryId,
  service_id: o.serviceId,
  name: o.name,
  ...tariffOf(o),
  temporary_price: o.temporaryPriceCents === undefined ? null : toDollars(o.temporaryPriceCents),
});

export const toOpsPrivateOffer = (p: PrivateOfferItem): OpsPrivateOffer => ({ country_id: p.countryId, ...tariffOf(p) });

const toOpsService = (s: ServiceItem): OpsService => ({ id: s.id, name: s.name, slug: s.slug, code: s.protocolCode ?? null, patterns: s.patterns ?? null });

function toOpsCountry(c: CountryItem, state: Pick<CatalogueState, 'offers' | 'privateOffers'>): OpsCountry {
  return {
    id: c.id,
    name: c.name,
    iso: c.iso,
    dial_code: c.dialCode,
    enabled: !c.disabled,
    offers: state.offers.filter((o) => o.countryId === c.id).length,
    private_offer: state.privateOffers.some((p) => p.countryId === c.id),
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

const countryOf = (state: CatalogueState, countryId: number) => {
  const country = state.countries.find((c) => c.id === countryId);
  if (!country) throw new NotFoundError(`Country ${countryId} not found`, 'COUNTRY_NOT_FOUND', { country_id: countryId });
  return country;
};

const serviceOf = (services: ServiceItem[], serviceId: number) => {
  const service = services.find((s) => s.id === serviceId);
  if (!service) throw new NotFoundError(`Service ${serviceId} not found`, 'SERVICE_NOT_FOUND', { service_id: serviceId });
  return service;
};

// Reads.

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
  const countries = await queryPartition<CountryItem>(keys.countries);
  if (!countries.some((c) => c.id === countryId)) throw new NotFoundError(`Country ${countryId} not found`, 'COUNTRY_NOT_FOUND', { country_id: countryId });
  const offers = strip(await queryPartition<ServiceOfferItem>(keys.offersOf(countryId), keys.offerPrefix));
  return offers.sort(byName).map(toOpsOffer);
}

// Offers.

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
        put({ ...keys.offer(countryId, serviceId), ...offer }),
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
        put({ ...keys.privateOffer(countryId), ...offer }),
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
        { Delete: { TableName: tableName(), Key: keys.privateOffer(countryId), ConditionExpression: 'attribute_exists(pk)' } },
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
        ...marked.map((o) => put({ ...keys.offer(o.countryId, o.serviceId), ...o })),
        audit(by, 'catalogue.offers.bulk', target, { percent: input.percent, offers: changes.map((c) => c.before) }, { offers: changes.map((c) => c.after) }),
      ],
      after: { ...state, offers: [...state.offers.filter((o) => !touched.has(o)), ...marked] },
      result: { applied: true, changes },
    };
  });
}

// Countries.

const countryAudit = (c: CountryItem) => ({ name: c.name, iso: c.iso, dial_code: c.dialCode, enabled: !c.disabled });

/** Adds a country (no offers yet; numbers come from the inventory). Its id: the next free one unless given. */
export async function addCountry(input: CountryCreate, by: Editor, now = new Date()): Promise<OpsCountry> {
  return catalogueWrite(async (state) => {
    const id = input.id ?? Math.max(0, ...state.countries.map((c) => c.id)) + 1;
    const clash = state.countries.find((c) => c.id === id || c.iso === input.iso);
    if (clash) throw new ConflictError(`${clash.name} already has id ${clash.id} / code ${clash.iso}`, 'COUNTRY_EXISTS', { country: clash.name });
    const country: Stored<CountryItem> = {
      id,
      name: input.name,
      iso: input.iso,
      dialCode: input.dial_code,
      ...(input.enabled === false ? { disabled: true } : {}),
      ...mark(by, now),
    };
    return {
      items: [
        putNew({ ...keys.country(id), ...country }),
        audit(by, 'catalogue.country.add', { type: 'country', id: String(id) }, null, countryAudit(country)),
      ],
      result: toOpsCountry(country, state),
    };
  });
}

/** Renames a country or enables/disables it (disabling takes its offers out of the price summary). */
export async function updateCountry(countryId: number, input: CountryPatch, by: Editor, now = new Date()): Promise<OpsCountry> {
  return catalogueWrite(async (state) => {
    const before = countryOf(state, countryId);
    const { disabled: _was, ...rest } = before;
    const enabled = input.enabled ?? !before.disabled;
    const country: Stored<CountryItem> = {
      ...rest,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.dial_code !== undefined ? { dialCode: input.dial_code } : {}),
      ...(enabled ? {} : { disabled: true }),
      ...mark(by, now),
    };
    return {
      items: [
        put({ ...keys.country(countryId), ...country }),
        audit(by, 'catalogue.country.update', { type: 'country', id: String(countryId) }, countryAudit(before), countryAudit(country)),
      ],
      after: { ...state, countries: state.countries.map((c) => (c === before ? country : c)) },
      result: toOpsCountry(country, state),
    };
  });
}

// Services.

const serviceAudit = (s: ServiceItem) => ({ name: s.name, slug: s.slug, ...routingOf(s) });
const routingInput = (input: { code?: string | null | undefined; patterns?: { from: string; body: string } | undefined }) => ({
  ...(input.code !== undefined ? { code: input.code } : {}),
  ...(input.patterns !== undefined ? { patterns: input.patterns } : {}),
});

/** Adds a service (offered nowhere until an offer is set). Code and patterns are checked as setServiceRouting checks them. */
export async function addService(input: ServiceCreate, by: Editor, now = new Date()): Promise<OpsService> {
  const services = await readServices();
  const routing = input.code !== undefined || input.patterns !== undefined ? parseServiceRouting(routingInput(input)) : {};
  const id = Math.max(0, ...services.map((s) => s.id)) + 1;
  const clash = services.find((s) => s.slug === input.slug);
  if (clash) throw new ConflictError(`The slug ${input.slug} is already ${clash.name}'s`, 'SERVICE_EXISTS', { service: clash.name });
  if (routing.code !== undefined) serviceRoutingUpdate(services, id, routing); // refuses a code another service has
  const service: Stored<ServiceItem> = { ...routedAfter({ id, name: input.name, slug: input.slug }, routing), ...mark(by, now) };
  try {
    await transactWrite([
      putNew({ ...keys.service(id), ...service }),
      audit(by, 'catalogue.service.add', { type: 'service', id: String(id) }, null, serviceAudit(service)),
    ]);
  } catch (error) {
    if (cancellationReasons(error).includes('ConditionalCheckFailed'))
      throw new ConflictError('Another service was added meanwhile; try again', 'CONCURRENT_CHANGE');
    throw error;
  }
  return toOpsService(service);
}

/**
 * Changes a service's name, slug, SMS-Activate code and/or SMS patterns. Offers repeat the name and
 * slug (a country's list is one Query), so a rename rewrites each of its offers in the same transaction.
 */
export async function updateService(serviceId: number, input: ServicePatch, by: Editor, now = new Date()): Promise<OpsService> {
  const hasRouting = input.code !== undefined || input.patterns !== undefined;
  const routing = hasRouting ? parseServiceRouting(routingInput(input)) : {};
  return catalogueWrite(async (state) => {
    const services = await readServices();
    const before = serviceOf(services, serviceId);
    const slugClash = input.slug !== undefined ? services.find((s) => s.slug === input.slug && s.id !== serviceId) : undefined;
    if (slugClash) throw new ConflictError(`The slug ${input.slug} is already ${slugClash.name}'s`, 'SERVICE_EXISTS', { service: slugClash.name });
    const parts: UpdateParts = hasRouting ? serviceRoutingUpdate(services, serviceId, routing) : { set: [], remove: [], values: {} };
    const name = input.name ?? before.name;
    const slug = input.slug ?? before.slug;
    const marked = mark(by, now);
    parts.set.push('#name = :name', 'slug = :slug', 'editedAt = :editedAt', 'editedBy = :editedBy');
    Object.assign(parts.values, { ':name': name, ':slug': slug, ':editedAt': marked.editedAt, ':editedBy': marked.editedBy });
    const after: ServiceItem = { ...routedAfter(before, routing), name, slug };
    const renamed = name !== before.name || slug !== before.slug ? state.offers.filter((o) => o.serviceId === serviceId) : [];
    if (renamed.length > maxItemsPerWrite)
      throw new ValidationError('Invalid request', { name: [fieldProblem('TOO_BIG', { count: maxItemsPerWrite }, `Offered in ${renamed.length} countries.`)] });
    return {
      items: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.service(serviceId),
            UpdateExpression: updateExpression(parts),
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: parts.values,
          },
        },
        ...renamed.map((o) => put({ ...keys.offer(o.countryId, serviceId), ...o, name, slug, ...marked })),
        audit(by, 'catalogue.service.update', { type: 'service', id: String(serviceId) }, serviceAudit(before), serviceAudit(after)),
      ],
      result: toOpsService(after),
    };
  });
}

/**
 * How the operator console's catalogue edits write. Every write is one transaction: the change, its
 * audit entry and, when prices or what is on sale change, the price summary recomputed from the whole
 * catalogue as stored. The summary carries a revision that each such transaction checks and bumps,
 * so two edits at once never leave a summary computed from a stale read (the loser reads again).
 * Public readers see a change within the catalogue cache's lifetime (`catalogCacheSeconds`).
 */
import type { OperatorRef } from '@numbernest/contracts/ops';
import { readItem, readPartition, retryOnConflict, transact, tryAgain, txPut, type TransactPart } from '../shared/db';
import { countryItem, privateOfferItem, serviceOfferItem, serviceOfferPrefix } from '../shared/db/items/catalogue';
import { priceSummaryItem } from '../shared/db/items/catalogue-price-summary';
import { serviceItem } from '../shared/db/items/catalogue-services';
import { ConflictError, NotFoundError } from '../shared/errors';
import { auditPart } from '../accounts';
import type { CountryItem, EditedMark, PriceSummaryItem, PrivateOfferItem, ServiceItem, ServiceOfferItem } from './items';
import { summarizePrices } from './price-summary';

export interface Editor {
  operator: OperatorRef;
  reason?: string | undefined;
}

/** The largest TransactWriteItems takes 100 items; a write keeps 2 for its audit entry and the summary. */
export const maxItemsPerWrite = 98;

export type Stored<T> = T & EditedMark;

/** The catalogue as stored now, read past the cache. */
export interface CatalogueState {
  countries: Stored<CountryItem>[];
  offers: Stored<ServiceOfferItem>[];
  privateOffers: Stored<PrivateOfferItem>[];
  revision: number | undefined;
}

export async function readState(): Promise<CatalogueState> {
  const [countries, privateOffers, summary] = await Promise.all([
    readPartition(countryItem, { id: 0 }),
    readPartition(privateOfferItem, { countryId: 0 }),
    readItem(priceSummaryItem, {}),
  ]);
  const offers = await Promise.all(countries.map((c) => readPartition(serviceOfferItem, { countryId: c.id, serviceId: 0 }, { skPrefix: serviceOfferPrefix })));
  return { countries, offers: offers.flat(), privateOffers, revision: summary?.revision };
}

export const readServices = (): Promise<Stored<ServiceItem>[]> => readPartition(serviceItem, { id: 0 });

/** The summary's revision moved since it was read: the write reads again. */
class SummaryMoved extends Error {}

/** What a failed condition of a catalogue edit means: someone else changed it first. */
export const changedMeanwhile = () => new ConflictError('The catalogue changed meanwhile; look again', 'CONCURRENT_CHANGE');

/** Pure: the summary of what is on sale (offers of enabled countries). */
export function summaryOf(state: Pick<CatalogueState, 'countries' | 'offers' | 'privateOffers'>): PriceSummaryItem {
  const onSale = new Set(state.countries.filter((c) => !c.disabled).map((c) => c.id));
  return summarizePrices(
    state.offers.filter((o) => onSale.has(o.countryId)),
    state.privateOffers.filter((p) => onSale.has(p.countryId)),
  );
}

/** The summary's Put, conditioned on the revision read (absent: the seed wrote it, or nothing has). */
function summaryPut(state: CatalogueState): TransactPart {
  const revision = (state.revision ?? 0) + 1;
  const stripped = Object.fromEntries(Object.entries(summaryOf(state)).filter(([, v]) => v !== undefined));
  return txPut(
    priceSummaryItem,
    { ...stripped, revision },
    { when: { revision: state.revision === undefined ? { absent: true } : { equals: state.revision } }, onConditionFailed: () => new SummaryMoved() },
  );
}

/** Reads the catalogue afresh, recomputes the summary and stores it (the seed, after it wrote). */
export async function recomputePriceSummary(): Promise<PriceSummaryItem> {
  return retryOnConflict(
    async () => {
      const state = await readState();
      try {
        await transact([summaryPut(state)]);
      } catch (error) {
        if (error instanceof SummaryMoved) return tryAgain;
        throw error;
      }
      return summaryOf(state);
    },
    { attempts: 5 },
  );
}

interface Write<T> {
  /** The change's items and its audit entry, each with the error of its own failed condition; empty: nothing to write (a preview). */
  items: TransactPart[];
  /** The catalogue after the change (prices and what is on sale): its summary is written with it. */
  after?: CatalogueState;
  result: T;
}

/** Runs one catalogue write: read, build, one transaction; again from a fresh read when the summary moved meanwhile. */
export async function catalogueWrite<T>(build: (state: CatalogueState) => Promise<Write<T>>): Promise<T> {
  return retryOnConflict(
    async () => {
      const state = await readState();
      const { items, after, result } = await build(state);
      if (items.length === 0) return result;
      // The summary first: when it moved, the write reads again whatever else failed with it.
      try {
        await transact(after ? [summaryPut(after), ...items] : items);
      } catch (error) {
        if (error instanceof SummaryMoved) return tryAgain;
        throw error;
      }
      return result;
    },
    { attempts: 5 },
  );
}

export const mark = (by: Editor, now: Date): EditedMark => ({ editedAt: now.toISOString(), editedBy: by.operator.email });
/** The audit entry of an edit, in its transaction (the entry belongs to accounts, which hands over its Put). */
export const audit = (
  by: Editor,
  action: string,
  target: { type: string; id: string },
  before: unknown,
  after: unknown,
  onConditionFailed: () => Error = changedMeanwhile,
) => auditPart({ operator: by.operator, action, target, before, after, ...(by.reason ? { reason: by.reason } : {}) }, undefined, onConditionFailed);

export const countryOf = (state: CatalogueState, countryId: number) => {
  const country = state.countries.find((c) => c.id === countryId);
  if (!country) throw new NotFoundError(`Country ${countryId} not found`, 'COUNTRY_NOT_FOUND', { country_id: countryId });
  return country;
};

export const serviceOf = (services: ServiceItem[], serviceId: number) => {
  const service = services.find((s) => s.id === serviceId);
  if (!service) throw new NotFoundError(`Service ${serviceId} not found`, 'SERVICE_NOT_FOUND', { service_id: serviceId });
  return service;
};

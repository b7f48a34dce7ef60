/**
 * How the operator console's catalogue edits write. Every write is one transaction: the change, its
 * audit entry and, when prices or what is on sale change, the price summary recomputed from the whole
 * catalogue as stored. The summary carries a revision that each such transaction checks and bumps,
 * so two edits at once never leave a summary computed from a stale read (the loser reads again).
 * Public readers see a change within the catalogue cache's lifetime (`catalogCacheSeconds`).
 */
import type { OperatorRef } from '@numbernest/contracts/ops';
import {
  cancellationReasons,
  getItem,
  queryPartition,
  retryOnConflict,
  tableName,
  transactWrite,
  tryAgain,
  withoutKeys,
  type TransactItem,
} from '../shared/db';
import { ConflictError, NotFoundError } from '../shared/errors';
import { auditPut } from '../accounts';
import type { CountryItem, EditedMark, PriceSummaryItem, PrivateOfferItem, ServiceItem, ServiceOfferItem } from './items';
import { keys } from './keys';
import { summarizePrices } from './price-summary';

export interface Editor {
  operator: OperatorRef;
  reason?: string | undefined;
}

/** The largest TransactWriteItems takes 100 items; a write keeps 2 for its audit entry and the summary. */
export const maxItemsPerWrite = 98;

export type Stored<T> = T & EditedMark;
type SummaryItem = PriceSummaryItem & { revision?: number };

/** The catalogue as stored now, read past the cache. */
export interface CatalogueState {
  countries: Stored<CountryItem>[];
  offers: Stored<ServiceOfferItem>[];
  privateOffers: Stored<PrivateOfferItem>[];
  revision: number | undefined;
}

export const strip = <T extends object>(items: T[]) => items.map((i) => withoutKeys(i));

export async function readState(): Promise<CatalogueState> {
  const [countries, privateOffers, summary] = await Promise.all([
    queryPartition<CountryItem>(keys.countries).then(strip),
    queryPartition<PrivateOfferItem>(keys.privateOffers).then(strip),
    getItem<SummaryItem>(keys.priceSummary),
  ]);
  const offers = (await Promise.all(countries.map((c) => queryPartition<ServiceOfferItem>(keys.offersOf(c.id), keys.offerPrefix)))).flat();
  return { countries, offers: strip(offers), privateOffers, revision: summary?.revision };
}

export const readServices = async () => strip(await queryPartition<ServiceItem>(keys.services));

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
export async function catalogueWrite<T>(build: (state: CatalogueState) => Promise<Write<T>>): Promise<T> {
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

export const mark = (by: Editor, now: Date): EditedMark => ({ editedAt: now.toISOString(), editedBy: by.operator.email });
export const put = (item: Record<string, unknown>): TransactItem => ({ Put: { TableName: tableName(), Item: item } });
export const audit = (by: Editor, action: string, target: { type: string; id: string }, before: unknown, after: unknown) =>
  auditPut({ operator: by.operator, action, target, before, after, ...(by.reason ? { reason: by.reason } : {}) });

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

import { fieldProblem } from '@numbernest/contracts';
import { serviceCatalog } from '../catalogue';
import { deleteItemReturningOld, readItem, readPartition, updateItem } from '../shared/db/item';
import { maxPriceItem, maxPricePrefix } from '../shared/db/items/developer';
import { ValidationError, type FieldErrors } from '../shared/errors';

/**
 * A customer's saved price limits, one per service (5sim's "max prices" per product): a purchase
 * through the developer APIs (handler_api's getNumber, 5sim's buy) that names no maxPrice of its
 * own is held to the saved one. Kept in the user's partition (keys: docs/access-patterns.md).
 */
export interface MaxPrice {
  serviceId: number;
  priceCents: number;
  createdAt: string;
  updatedAt: string;
}

/** The least and the most a limit may be: one cent, ten thousand dollars. */
export const maxPriceBounds = { minCents: 1, maxCents: 1_000_000 } as const;

const toMaxPrice = ({ serviceId, priceCents, createdAt, updatedAt }: MaxPrice): MaxPrice => ({ serviceId, priceCents, createdAt, updatedAt });

/** The user's limits, by service id ascending. */
export async function listMaxPrices(sub: string): Promise<MaxPrice[]> {
  const items = await readPartition(maxPriceItem, { sub, serviceId: 0 }, { skPrefix: maxPricePrefix, consistent: true });
  return items.map(toMaxPrice).sort((a, b) => a.serviceId - b.serviceId);
}

/** Why a limit cannot be saved: a price out of bounds (or not whole cents), or a service the catalogue does not have. */
async function problemsOf(serviceId: number, priceCents: number): Promise<FieldErrors> {
  const fields: FieldErrors = Object.create(null);
  if (!Number.isSafeInteger(priceCents)) fields.price = [fieldProblem('TOO_MANY_DECIMALS')];
  else if (priceCents < maxPriceBounds.minCents) fields.price = [fieldProblem('TOO_SMALL', { count: maxPriceBounds.minCents / 100 })];
  else if (priceCents > maxPriceBounds.maxCents) fields.price = [fieldProblem('TOO_BIG', { count: maxPriceBounds.maxCents / 100 })];
  if (!Number.isSafeInteger(serviceId) || !(await serviceCatalog()).byId.has(serviceId)) fields.service_id = [fieldProblem('UNKNOWN_SERVICE')];
  return fields;
}

/** Create or update (1 cent to $10,000; a ValidationError with field errors otherwise). One Update: the first save's createdAt is kept. */
export async function saveMaxPrice(sub: string, serviceId: number, priceCents: number): Promise<MaxPrice> {
  const fields = await problemsOf(serviceId, priceCents);
  if (Object.keys(fields).length) throw new ValidationError('Invalid request', fields);
  const now = new Date().toISOString();
  const saved = await updateItem(
    maxPriceItem,
    { sub, serviceId },
    { set: { sub, serviceId, priceCents, updatedAt: now }, setIfUnset: { createdAt: now }, ifExists: false },
  );
  // An upsert with no condition always answers the item as written.
  return toMaxPrice(saved!);
}

/** false when there was none. */
export async function removeMaxPrice(sub: string, serviceId: number): Promise<boolean> {
  if (!Number.isSafeInteger(serviceId)) return false;
  return (await deleteItemReturningOld(maxPriceItem, { sub, serviceId })) !== undefined;
}

/** The limit for one service, or undefined (one GetItem; the purchase path calls it). */
export async function maxPriceCentsFor(sub: string, serviceId: number): Promise<number | undefined> {
  return (await readItem(maxPriceItem, { sub, serviceId }, { consistent: true }))?.priceCents;
}

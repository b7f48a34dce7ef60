import { randomUUID } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { getServiceOffer, serviceCatalog } from '../../catalogue';
import { readItem } from '../../shared/db';
import { numberLockItem } from '../../shared/db/items/rentals';
import { ConflictError, InsufficientFundsError, NotFoundError, RateLimitedError } from '../../shared/errors';
import { formatDollars, toDollars } from '../../shared/pricing';
import { findActivationWithRental, type FoundActivation, purchaseRental, sliceShareRefused } from '../../rentals';
import type { RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';
import { errors, json, success, type Answer } from './answers';
import { bannedUntil, parseId, phoneOf, type Params } from './protocol';
import { overLimit, savedLimitRead, type Buyer } from './purchase';

/**
 * Another activation on the same number for the same service (getExtraActivation, HeroSMS's
 * `reactivate`), and its price (checkExtraActivation, `reactivationPrice`). Only after an activation
 * that got its code (finished, or ended with a code): the number's lock keeps it for its last renter
 * (rental/locks.ts), so the repeat is an ordinary purchase of that number through purchaseRental, at
 * the activation price of now, with its own new activation id, held to the buyer's price limit as
 * getNumber is.
 */

type Checked = { answer: Answer } | { found: FoundActivation; priceCents: number; code: string; savedLimitCents?: number };

/**
 * The parent activation (`activationId`, or `id` as HeroSMS sends it): the caller's, finished with a
 * code, still on offer. With `forPurchase`, also the price limit the caller saved for its service
 * (unless the request names its own maxPrice), read alongside the offer.
 */
async function checkParent(user: UserItem, params: Params, forPurchase = false): Promise<Checked> {
  const raw = params.activationId ?? params.id;
  const id = parseId(raw);
  if (id === undefined) return { answer: errors.wrongActivationId };
  const found = await findActivationWithRental(id);
  if (!found || found.activation.sub !== user.sub) return { answer: errors.noActivation };
  const { rental } = found;
  if (!usedUp(rental) || rental.serviceId === undefined) return { answer: errors.renewNotAvailable };
  const [offer, services, savedLimitCents] = await Promise.all([
    getServiceOffer(rental.countryId, rental.serviceId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }),
    serviceCatalog(),
    forPurchase ? savedLimitRead(params, user.sub, rental.serviceId) : undefined,
  ]);
  const priceCents = offer?.offer.temporaryPriceCents;
  if (priceCents === undefined) return { answer: errors.newActivationImpossible };
  if (!(await lockAllows(rental, user.sub))) return { answer: errors.newActivationImpossible };
  return { found, priceCents, code: services.byId.get(rental.serviceId)?.protocolCode ?? '', savedLimitCents };
}

/** An activation may be repeated once it ended with its code: finished (setStatus 6) or run out after one came. */
const usedUp = (rental: RentalItem) =>
  rental.typeId === NumberType.Temporary && rental.status === 'inactive' && rental.messagesCount > 0 && rental.ended !== 'refunded';

/** Whether the number's lock for the service would let this user take it now (the purchase decides for good). */
async function lockAllows(rental: RentalItem, sub: string): Promise<boolean> {
  const lock = await readItem(numberLockItem, { numberId: rental.numberId, serviceId: rental.serviceId }, { consistent: true });
  if (!lock) return true;
  if (lock.activeRentalId || lock.blockedAt) return false;
  return !lock.reusableAt || lock.reusableAt <= new Date().toISOString() || lock.lastSub === sub;
}

export async function checkExtraActivation(user: UserItem, params: Params): Promise<Answer> {
  const checked = await checkParent(user, params);
  if ('answer' in checked) return checked.answer;
  return json({ status: 'success', cost: toDollars(checked.priceCents), currency: 840, phone: phoneOf(checked.found.rental.e164), service: checked.code });
}

export async function getExtraActivation({ user }: Buyer, params: Params): Promise<Answer> {
  const checked = await checkParent(user, params, true);
  if ('answer' in checked) return checked.answer;
  if (overLimit(params, checked.savedLimitCents, checked.priceCents)) return errors.wrongMaxPrice(formatDollars(checked.priceCents));
  if (user.balanceCents < checked.priceCents) return errors.noBalance;
  const { rental } = checked.found;
  try {
    const bought = await purchaseRental({
      loadUser: async () => user,
      request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: rental.numberId, service_provider_id: rental.serviceId! },
      idempotencyKey: `handler-api:extra:${randomUUID()}`,
    });
    return success.number(bought.rental.activationId!, phoneOf(bought.rental.e164));
  } catch (error) {
    if (error instanceof InsufficientFundsError) return errors.noBalance;
    if (sliceShareRefused(error)) return errors.noNumbers;
    if (error instanceof RateLimitedError) return errors.banned(bannedUntil(error));
    // Taken by someone else meanwhile, retired, or no longer offered.
    if (error instanceof ConflictError || error instanceof NotFoundError) return errors.newActivationImpossible;
    throw error;
  }
}

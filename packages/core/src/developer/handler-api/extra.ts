import { randomUUID } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { getServiceOffer, serviceCatalog } from '../../catalogue';
import { readItem, readPartition } from '../../shared/db';
import { numberLockItem, rentalItem, rentalPrefix } from '../../shared/db/items/rentals';
import { timeSortableIdAt } from '../../shared/ids';
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
 * the activation price of now, with its own new activation id.
 */

/** Why an activation cannot be repeated: the caller never had it, it got no code, or the number cannot be had now. */
export type RepeatRefusal = 'never' | 'unused' | 'impossible';
export type Repeatable = { found: FoundActivation; priceCents: number; code: string } | { refused: RepeatRefusal };

/** Days back a repeat by number looks for the caller's activation (the number's lock keeps it for its last renter a while). */
const repeatLookbackDays = 30;

/** The caller's newest activation on this number (digits, no `+`) for the service, within the look-back. */
async function lastActivationOn(user: UserItem, phone: string, serviceId: number): Promise<FoundActivation | undefined> {
  const since = Date.now() - repeatLookbackDays * 86_400_000;
  const [rental] = await readPartition(
    rentalItem,
    { sub: user.sub, id: '' },
    {
      skFrom: `${rentalPrefix}${timeSortableIdAt(since)}`,
      skTo: `${rentalPrefix}${timeSortableIdAt(Date.now() + 60_000)}`,
      descending: true,
      filter: { e164: { equals: `+${phone}` }, serviceId: { equals: serviceId }, activationId: { exists: true } },
      limit: 1,
      pageSize: 100,
    },
  );
  return rental?.activationId === undefined ? undefined : findActivationWithRental(rental.activationId);
}

/**
 * The caller's activation to repeat, by its id or by its number and service, with the price of a
 * repeat now: finished with a code and the number still to be had for the caller.
 */
export async function repeatableActivation(user: UserItem, target: { activationId: number } | { phone: string; serviceId: number }): Promise<Repeatable> {
  const found = 'activationId' in target ? await findActivationWithRental(target.activationId) : await lastActivationOn(user, target.phone, target.serviceId);
  if (!found || found.activation.sub !== user.sub) return { refused: 'never' };
  const { rental } = found;
  if (!usedUp(rental) || rental.serviceId === undefined) return { refused: 'unused' };
  const [offer, services] = await Promise.all([
    getServiceOffer(rental.countryId, rental.serviceId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }),
    serviceCatalog(),
  ]);
  const priceCents = offer?.offer.temporaryPriceCents;
  if (priceCents === undefined || !(await lockAllows(rental, user.sub))) return { refused: 'impossible' };
  return { found, priceCents, code: services.byId.get(rental.serviceId)?.protocolCode ?? '' };
}

/** The parent activation (`activationId`, or `id` as HeroSMS sends it), or the protocol's word for why not. */
async function checkParent(user: UserItem, params: Params): Promise<{ answer: Answer } | Extract<Repeatable, { found: FoundActivation }>> {
  const id = parseId(params.activationId ?? params.id);
  if (id === undefined) return { answer: errors.wrongActivationId };
  const repeatable = await repeatableActivation(user, { activationId: id });
  if (!('refused' in repeatable)) return repeatable;
  return { answer: { never: errors.noActivation, unused: errors.renewNotAvailable, impossible: errors.newActivationImpossible }[repeatable.refused] };
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

/** Why a repeat was not bought: the balance, an account limit (until when), the account's share, or the number was taken meanwhile. */
export type RepeatPurchaseRefusal = { refused: 'no-balance' } | { refused: 'limited'; until: string } | { refused: 'no-numbers' } | { refused: 'impossible' };

/** Buys the same number again for the same service: an ordinary purchase of that number, with a new activation id. */
export async function repeatActivation(user: UserItem, rental: RentalItem): Promise<{ rental: RentalItem } | RepeatPurchaseRefusal> {
  try {
    const bought = await purchaseRental({
      loadUser: async () => user,
      request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: rental.numberId, service_provider_id: rental.serviceId! },
      idempotencyKey: `handler-api:extra:${randomUUID()}`,
    });
    return { rental: bought.rental };
  } catch (error) {
    if (error instanceof InsufficientFundsError) return { refused: 'no-balance' };
    if (sliceShareRefused(error)) return { refused: 'no-numbers' };
    if (error instanceof RateLimitedError) return { refused: 'limited', until: bannedUntil(error) };
    // Taken by someone else meanwhile, retired, or no longer offered.
    if (error instanceof ConflictError || error instanceof NotFoundError) return { refused: 'impossible' };
    throw error;
  }
}

export async function checkExtraActivation(user: UserItem, params: Params): Promise<Answer> {
  const checked = await checkParent(user, params);
  if ('answer' in checked) return checked.answer;
  return json({ status: 'success', cost: toDollars(checked.priceCents), currency: 840, phone: phoneOf(checked.found.rental.e164), service: checked.code });
}

export async function getExtraActivation({ user }: Buyer, params: Params): Promise<Answer> {
  const checked = await checkParent(user, params);
  if ('answer' in checked) return checked.answer;
  // Held to the buyer's price limit as getNumber is.
  const savedLimitCents = await savedLimitRead(params, user.sub, checked.found.rental.serviceId!);
  if (overLimit(params, savedLimitCents, checked.priceCents)) return errors.wrongMaxPrice(formatDollars(checked.priceCents));
  if (user.balanceCents < checked.priceCents) return errors.noBalance;
  const bought = await repeatActivation(user, checked.found.rental);
  if ('rental' in bought) return success.number(bought.rental.activationId!, phoneOf(bought.rental.e164));
  if (bought.refused === 'limited') return errors.banned(bought.until);
  return { 'no-balance': errors.noBalance, 'no-numbers': errors.noNumbers, impossible: errors.newActivationImpossible }[bought.refused];
}

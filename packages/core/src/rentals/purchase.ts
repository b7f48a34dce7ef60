import { NumberType, temporaryMinutes, type PurchaseRequest } from '@numbernest/contracts';
import { getNumberFacts, getPrivateOffer, getServiceOffer, temporaryPriceOf, type NumberFacts } from '../catalogue';
import { txPutNew, type TransactPart } from '../shared/db';
import { rentalIdItem, rentalItem } from '../shared/db/items/rentals';
import { ConflictError, NotFoundError } from '../shared/errors';
import { timeSortableId } from '../shared/ids';
import { applyLedgerTransaction, findEntriesOfKey } from '../money';
import { getRentPeriod, rentalPrice, type Cents } from '../shared/pricing';
import { countInTransaction } from '../shared/rate-limit';
import { recordDelivery, recordStats } from '../stats';
import { deliverySourceOf } from './source';
import type { UserItem } from '../accounts';
import type { RentalItem } from './items';
import { allocateActivationId, recordActivation } from './activation-ids';
import { recordRent } from './rent-ids';
import { lockTake, numberTake } from './locks';
import { purchaseLimits } from './rules';
import { nextDue } from './schedule';
import { dayMs, rentalQueue } from './keys';
import { toRental } from './shape';
import { findRental } from './find';
import { allowanceFor } from './standing-allowance';
import { holdTake, readStandingCounters } from './standing-store';
import type { StandingCounters } from './standing';
import type { AgentSale } from './agent-sales';
import { agentActivationStartPart } from './agent-activations';
import { upstreamActivationStartPart, upstreamSpend, type UpstreamSale } from './upstream-sales';

/** The holding allowance a purchase was decided with was taken meanwhile, yet a fresh read allows it: decide again on it. */
class HoldingRaced extends Error {
  constructor(readonly counters: StandingCounters | undefined) {
    super('The holding allowance changed meanwhile');
  }
}

/** The holding allowance's part of the purchase failed: a concurrent purchase took it first. */
class HoldingTaken extends Error {}

const numberTaken = () => new ConflictError('This number is no longer available', 'NUMBER_TAKEN');

/** A concurrent purchase took the holding allowance first: the refusal its standing gives now, or decide again. */
async function holdingRefusal(sub: string, rental: RentalItem, now: Date): Promise<Error> {
  const counters = await readStandingCounters(sub);
  try {
    await allowanceFor(sub, counters, rental, now);
  } catch (refusal) {
    return refusal as Error;
  }
  return new HoldingRaced(counters);
}

interface Priced {
  number: NumberFacts;
  priceCents: Cents;
  durationMs: number;
  rental: Pick<RentalItem, 'countryId' | 'countryName' | 'countryCode' | 'serviceId' | 'serviceName' | 'serviceSlug'>;
}

/** The number asked for and what it costs now, from the catalogue (the client's total is never used). */
async function priced(request: PurchaseRequest): Promise<Priced> {
  const number = await getNumberFacts(request.mobile_number_id);
  if (!number || number.typeId !== request.mobile_number_type_id) throw new NotFoundError('Number not found', 'NUMBER_NOT_FOUND');
  if (request.mobile_number_type_id === NumberType.Private) {
    const { country, offer } = await getPrivateOffer(number.countryId);
    const { days } = getRentPeriod(request.rent_time_id);
    return {
      number,
      priceCents: rentalPrice(offer, request.rent_time_id).totalCents,
      durationMs: days * dayMs,
      rental: { countryId: country.id, countryName: country.name, countryCode: country.iso.toUpperCase() },
    };
  }
  const { country, offer } = await getServiceOffer(number.countryId, request.service_provider_id);
  const service = { serviceId: offer.serviceId, serviceName: offer.name, serviceSlug: offer.slug };
  const place = { countryId: country.id, countryName: country.name, countryCode: country.iso.toUpperCase(), ...service };
  if (request.mobile_number_type_id === NumberType.Temporary)
    return { number, priceCents: temporaryPriceOf(country, offer), durationMs: temporaryMinutes * 60_000, rental: place };
  const { days } = getRentPeriod(request.rent_time_id);
  return { number, priceCents: rentalPrice(offer, request.rent_time_id).totalCents, durationMs: days * dayMs, rental: place };
}

export interface PurchaseInput {
  /** Reads the buyer's profile (consistent); run alongside the catalogue reads. */
  loadUser: () => Promise<UserItem>;
  request: PurchaseRequest;
  /** The client's Idempotency-Key: the same key again answers the same rental and debits once. */
  idempotencyKey: string;
  /** The rent API's purchase: its decimal id (recorded in the same transaction) and the rent's own webhook URL, checked by the caller. */
  rent?: { id: number; url?: string };
  /** A Temporary activation a partner's agent is serving (its number just given by the agent). */
  agentSale?: AgentSale;
  /** A Temporary activation an upstream provider sold us (its number just bought there): its cost is debited from the upstream's account in the same transaction. */
  upstreamSale?: UpstreamSale;
}

/**
 * Buys a number from the balance in ONE transaction: the debit and its ledger entry (purchase),
 * the rental, and the number's lock (Shared: one renter per number and service, Private
 * the whole number, Temporary one 20-minute activation per number and service), and the count
 * against the account's purchase limits. Not enough balance: InsufficientFundsError (402); the
 * number taken meanwhile: ConflictError (409); over a limit: RateLimitedError (429). Each way
 * nothing is debited.
 */
export async function purchaseRental({
  loadUser,
  request,
  idempotencyKey,
  rent,
  agentSale,
  upstreamSale,
}: PurchaseInput): Promise<{ rental: RentalItem; balanceCents: Cents }> {
  // A Temporary activation also gets the handler_api's plain decimal id (recorded in the transaction below).
  // In parallel, but the caller's refusal (blocked, on hold, unverified) wins over anything about the number.
  const [caller, pricing, activation] = await Promise.allSettled([
    loadUser().then(async (user) => ({ user, standing: await readStandingCounters(user.sub) })),
    priced(request),
    request.mobile_number_type_id === NumberType.Temporary ? allocateActivationId() : undefined,
  ]);
  const settled = <T>(result: PromiseSettledResult<T>): T => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  };
  const { user, standing } = settled(caller);
  const { number, priceCents, durationMs, rental: place } = settled(pricing);
  const activationId = settled(activation);

  // A concurrent purchase may take the holding allowance this one was decided with: decided again on a fresh read.
  let counters = standing;
  for (let round = 1; ; round++) {
    try {
      return await buyOnce(counters);
    } catch (error) {
      if (!(error instanceof HoldingRaced)) throw error;
      if (round === 3) throw new ConflictError('Your numbers changed while buying; try again', 'RENTAL_CHANGING');
      counters = error.counters;
    }
  }

  async function buyOnce(counters: StandingCounters | undefined): Promise<{ rental: RentalItem; balanceCents: Cents }> {
    const now = new Date();
    const allowance = await allowanceFor(user.sub, counters, { typeId: number.typeId, countryId: place.countryId, serviceId: place.serviceId }, now);
    const rental: RentalItem = {
      id: timeSortableId(now.getTime()),
      sub: user.sub,
      numberId: number.numberId,
      e164: number.e164,
      typeId: number.typeId,
      ...place,
      status: 'active',
      startedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + durationMs).toISOString(),
      priceCents,
      messagesCount: 0,
      reminded: [],
      heldSlice: allowance.slice,
      ...(allowance.closeRefund || number.typeId === NumberType.Temporary ? {} : { closeRefund: false as const }),
      ...(activationId === undefined ? {} : { activationId }),
      ...(rent ? { rentId: rent.id, ...(rent.url ? { rentUrl: rent.url } : {}) } : {}),
      ...(agentSale ? { agentSale } : {}),
      ...(upstreamSale ? { upstreamSale } : {}),
    };
    rental.dueQueue = rentalQueue;
    rental.dueAt = nextDue(rental);

    const parts: TransactPart[] = [txPutNew(rentalItem, rental, numberTaken), lockTake(rental, now)];
    // The number item (still on offer; held for the service or, Private, out of the picker) in the same transaction.
    parts.push(numberTake(rental));

    if (rental.activationId !== undefined) parts.push(recordActivation(rental.activationId, user.sub, rental.id));
    if (rental.rentId !== undefined) parts.push(recordRent(rental.rentId, user.sub, rental.id));
    // An agent's activation joins its agent's list in the same transaction.
    if (rental.agentSale) parts.push(agentActivationStartPart({ ...rental, agentSale: rental.agentSale }, numberTaken));
    // An upstream's activation joins the live ones its code is polled for.
    if (rental.upstreamSale) parts.push(upstreamActivationStartPart({ ...rental, upstreamSale: rental.upstreamSale }, numberTaken));
    parts.push(txPutNew(rentalIdItem, { sub: user.sub, rentalId: rental.id }, numberTaken));
    // The account's purchase limits, counted only if the purchase commits.
    for (const limit of purchaseLimits) {
      parts.push(countInTransaction(limit, user.sub, now.getTime()));
    }
    // Counted against the account's holding limits, within them even against concurrent purchases
    // (after the purchase limits: when both refuse, theirs is the answer).
    parts.push(holdTake(user.sub, allowance, () => new HoldingTaken()));

    const { entries, replayed } = await applyLedgerTransaction({
      idempotencyKey: `purchase:${user.sub}:${idempotencyKey}`,
      changes: [
        {
          sub: user.sub,
          amountCents: -priceCents,
          kind: 'purchase',
          reference: rental.id,
          description: { key: 'purchase', params: { number: number.e164, ...(place.serviceName ? { service: place.serviceName } : {}) } },
        },
        // What the upstream charged us, from its account (never below zero: short, the purchase fails).
        ...(rental.upstreamSale ? [upstreamSpend({ ...rental, upstreamSale: rental.upstreamSale })] : []),
      ],
      parts: () => parts,
      knownProfiles: [user],
      // The user's other tabs learn of the rental with the new balance.
      alsoPush: () => [{ sub: user.sub, event: { type: 'rental', rental: toRental(rental) } }],
    }).catch(async (error: unknown) => {
      throw error instanceof HoldingTaken ? await holdingRefusal(user.sub, rental, now) : error;
    });
    const [entry] = entries;
    if (!replayed) {
      await recordStats({ kind: 'purchase', typeId: rental.typeId, cents: priceCents, serviceId: rental.serviceId, countryId: rental.countryId }, now); // after the commit; never throws
      const { typeId, countryId, serviceId, startedAt } = rental;
      if (typeId === NumberType.Temporary && serviceId !== undefined) {
        // What the source costs us: an agent's partner share; our own numbers nothing yet.
        const costCents = rental.agentSale?.sumCents ?? 0;
        await recordDelivery({ kind: 'sold', source: deliverySourceOf(rental), countryId, serviceId, purchasedAt: startedAt, priceCents, costCents }, now); // never throws
      }
      return { rental, balanceCents: entry!.balanceAfterCents };
    }
    const first = await findRental(user.sub, entry!.reference);
    if (!first) throw new ConflictError('This Idempotency-Key was already used', 'IDEMPOTENCY_KEY_REUSED');
    if (first.numberId !== request.mobile_number_id)
      throw new ConflictError('This Idempotency-Key was already used for a different purchase', 'IDEMPOTENCY_KEY_REUSED');
    return { rental: first, balanceCents: entry!.balanceAfterCents };
  }
}

/**
 * The rental a purchase with this idempotency key (as given to purchaseRental) bought, if it was
 * used: a client that sends its own order id finds its first purchase before trying another number.
 */
export async function findPurchaseOfKey(sub: string, idempotencyKey: string): Promise<RentalItem | undefined> {
  const entries = await findEntriesOfKey(`purchase:${sub}:${idempotencyKey}`);
  const reference = entries?.[0]?.reference;
  return reference === undefined ? undefined : findRental(sub, reference);
}

import { NumberType } from '@numbernest/contracts';
import { upstreamAnotherCodePart } from './upstream-sales';
import { readPartition, transact, txUpdate } from '../shared/db';
import { activationIdItem, rentalItem, rentalPrefix } from '../shared/db/items/rentals';
import { ConflictError } from '../shared/errors';
import { findActivation, type ActivationItem } from './activation-ids';
import { endRental } from './end';
import type { RentalItem } from './items';
import { findRental, getRentalOf } from './find';
import { codeActionsAllowed } from './rules';

/** The queries of Temporary activations by their protocol id (handler_api). */

export type FoundActivation = { activation: ActivationItem; rental: RentalItem };

/** The activation with this id and its rental, whoever owns them (undefined: no such activation). */
export async function findActivationWithRental(id: number): Promise<FoundActivation | undefined> {
  const activation = await findActivation(id);
  const rental = activation && (await findRental(activation.sub, activation.rentalId));
  return rental && { activation: activation!, rental };
}

const ended = () => new ConflictError('This rental has already ended', 'RENTAL_ENDED');

/**
 * Another code is wanted (the protocol's setStatus 3, the web's Request another code): the codes so
 * far count as spent, on the activation (getStatus waits for a newer one) and on the rental (its
 * page shows it waits), in one transaction while the rental is active (else RENTAL_ENDED).
 */
export async function requestAnotherCode(rental: RentalItem): Promise<RentalItem> {
  const count = rental.messagesCount;
  await transact([
    txUpdate(activationIdItem, { activationId: rental.activationId! }, { set: { retryAfter: count }, onConditionFailed: ended }),
    txUpdate(
      rentalItem,
      { sub: rental.sub, id: rental.id },
      { set: { anotherCodeAfter: count }, when: { status: { equals: 'active' } }, onConditionFailed: ended },
    ),
    // An upstream's activation: its upstream is told by the code poll (SMS-Activate's setStatus 3).
    ...(rental.upstreamSale ? [upstreamAnotherCodePart(rental.id, count, ended)] : []),
  ]);
  return { ...rental, anotherCodeAfter: count };
}

/** The renter is done with an activation (setStatus 6, the web's Finish): it ends completed, without a refund. */
export async function finishActivation(rental: RentalItem): Promise<RentalItem | undefined> {
  return (await endRental(rental, { ended: 'completed' }))?.rental;
}

/** Why the web's Finish or Request another code is refused: not an activation, ended, or no code yet. */
function codeActionRefusal(rental: RentalItem): ConflictError {
  if (rental.typeId !== NumberType.Temporary) return new ConflictError('Only a Temporary activation can do this', 'ACTIVATION_ONLY');
  if (rental.status !== 'active') return ended();
  return new ConflictError('No code has come yet: wait for it, or cancel the activation for a refund', 'ACTIVATION_NO_CODE');
}

/** The web's Finish: the owner's active activation that got a code ends completed (before a code, Close refunds it). */
export async function finishActivationOf(sub: string, id: string): Promise<RentalItem> {
  const rental = await getRentalOf(sub, id);
  if (!codeActionsAllowed(rental)) throw codeActionRefusal(rental);
  const finished = await finishActivation(rental);
  if (!finished) throw ended();
  return finished;
}

/** The web's Request another code, on the owner's active activation that got a code. */
export async function requestAnotherCodeOf(sub: string, id: string): Promise<RentalItem> {
  const rental = await getRentalOf(sub, id);
  if (!codeActionsAllowed(rental) || rental.activationId === undefined) throw codeActionRefusal(rental);
  return requestAnotherCode(rental);
}

/** The user's active Temporary rentals that have an activation id. */
export async function listActiveActivations(sub: string): Promise<RentalItem[]> {
  // Filtered here: the Query reads the same pages either way.
  const rentals = await readPartition(rentalItem, { sub, id: '' }, { skPrefix: rentalPrefix });
  return rentals.filter((r) => r.status === 'active' && r.typeId === NumberType.Temporary && r.activationId !== undefined);
}

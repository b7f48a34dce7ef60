import { ConflictError } from '../shared/errors';
import type { Cents } from '../shared/pricing';
import { endRental } from './end';
import type { RentalItem } from './items';
import { getRentalOf } from './find';
import { closeDecision, closeRefusal } from './rules';

/**
 * The renter closes a rental: refunded in full when the refund rules say so (rules.ts: unused,
 * and for Shared and Private within 20 minutes of purchase), else closed without a refund. A
 * refunded number is back on sale at once; a used one rests 90 days for anyone else.
 */
export async function closeRental(sub: string, id: string): Promise<{ rental: RentalItem; refunded: boolean; balanceCents?: Cents }> {
  const rental = await getRentalOf(sub, id);
  const decision = closeDecision(rental, new Date());
  if (!decision.allowed) throw closeRefusal(decision);
  const result = await endRental(rental, { ended: 'closed' });
  if (!result) throw new ConflictError('This rental has already ended', 'RENTAL_ENDED');
  return result;
}

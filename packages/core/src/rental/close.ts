import { ConflictError } from '../errors';
import type { Cents } from '../pricing';
import { endRental } from './end';
import type { RentalItem } from './items';
import { getRentalOf } from './purchase';

/**
 * The renter closes a rental: with no message yet it is refunded in full (FAQ); after one, it
 * closes without a refund. Either way the number is released (90 days before anyone else gets it).
 */
export async function closeRental(sub: string, id: string): Promise<{ rental: RentalItem; refunded: boolean; balanceCents?: Cents }> {
  const rental = await getRentalOf(sub, id);
  if (rental.status !== 'active') throw new ConflictError('This rental has already ended');
  const result = await endRental(rental, { ended: 'closed', refundIfUnused: true });
  if (!result) throw new ConflictError('This rental has already ended');
  return result;
}

import type { ReportReason } from '@numbernest/contracts';
import { ConflictError } from '../shared/errors';
import type { Cents } from '../shared/pricing';
import { endRental } from './end';
import type { RentalItem } from './items';
import { findRental, getRentalOf } from './find';
import { reportRefusal } from './rules';

/**
 * The renter reports an activation's number (rules.ts `reportsAllowed`): no code came, or the
 * service says the number is already registered. One transaction refunds the full price (ledger key
 * `refund:<rental id>`, as every rental refund: at most once, whatever else ends it), ends the
 * rental `refunded` with `reported`, counts against the refund limits, and blocks the number for
 * its service for good (locks.ts `lockBlock`). A second report of the same rental, concurrent or
 * later, refunds nothing more and answers the reported rental.
 */
export async function reportRental(sub: string, id: string, reason: ReportReason): Promise<{ rental: RentalItem; balanceCents?: Cents }> {
  const rental = await getRentalOf(sub, id);
  const alreadyReported = (r: RentalItem | undefined) => (r?.reported ? { rental: r } : undefined);
  const earlier = alreadyReported(rental);
  if (earlier) return earlier;
  const refusal = reportRefusal(rental, reason, new Date());
  if (refusal) throw refusal;
  const result = await endRental(rental, { ended: 'reported', reason });
  if (result && !result.replayed) return { rental: result.rental, balanceCents: result.balanceCents };
  // Ended meanwhile: by a report of its own (the answer is that one), or otherwise (refused).
  const now = alreadyReported(await findRental(sub, id));
  if (now) return now;
  throw new ConflictError('This rental has already ended', 'RENTAL_ENDED');
}

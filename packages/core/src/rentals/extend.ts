import { fieldProblem, NumberType } from '@numbernest/contracts';
import { getPrivateOffer, getServiceOffer } from '../catalogue';
import { retryOnConflict, txUpdate } from '../shared/db';
import { rentalItem } from '../shared/db/items/rentals';
import { ConflictError, ValidationError } from '../shared/errors';
import { applyLedgerTransaction } from '../money';
import { getRentPeriod, rentalPrice, type Cents } from '../shared/pricing';
import { publish } from '../notifications';
import { recordStats } from '../stats';
import type { RentalItem } from './items';
import { dayMs, rentalQueue } from './keys';
import { findRental, getRentalOf } from './find';
import { extendable, extendableAt } from './rules';
import { nextDue } from './schedule';
import { toRental } from './shape';

/** What adding this rent period to the rental costs now: the same pricing function as a purchase, from its offer today. */
export async function extensionPrice(rental: Pick<RentalItem, 'typeId' | 'countryId' | 'serviceId'>, rentTimeId: number): Promise<Cents> {
  const tariff =
    rental.typeId === NumberType.Private ? (await getPrivateOffer(rental.countryId)).offer : (await getServiceOffer(rental.countryId, rental.serviceId!)).offer;
  return rentalPrice(tariff, rentTimeId).totalCents;
}

/**
 * Adds a rent period to an active Shared or Private rental, priced by the same pricing function as
 * a purchase and debited like one (ledger entry `extension`); the end moves on by the period. A
 * rental whose end has passed cannot be extended, even before the job has ended it: the debit is
 * conditioned on the end read still being the end and still ahead, so an extension and the
 * rental's expiry (or a close) never both happen.
 */
export async function extendRental(
  sub: string,
  id: string,
  rentTimeId: number,
  idempotencyKey: string,
  clock: () => Date = () => new Date(),
): Promise<{ rental: RentalItem; balanceCents: Cents }> {
  const rental = await getRentalOf(sub, id);
  if (!extendable(rental)) throw new ValidationError('Invalid request', { rent_time_id: [fieldProblem('NOT_EXTENDABLE')] });
  const { days } = getRentPeriod(rentTimeId);
  const priceCents = await extensionPrice(rental, rentTimeId);

  const key = `extend:${sub}:${idempotencyKey}`;
  return retryOnConflict(
    async (attempt) => {
      const current = attempt === 1 ? rental : await getRentalOf(sub, id);
      const now = clock();
      if (!extendableAt(current, now)) throw new ConflictError('This rental has ended; buy a new number', 'RENTAL_ENDED');
      const expiresAt = new Date(Date.parse(current.expiresAt) + days * dayMs).toISOString();
      const extended: RentalItem = { ...current, expiresAt, priceCents: current.priceCents + priceCents, reminded: [] };
      extended.dueAt = nextDue(extended);
      const { entries, replayed } = await applyLedgerTransaction({
        idempotencyKey: key,
        changes: [
          {
            sub,
            amountCents: -priceCents,
            kind: 'extension',
            reference: id,
            description: { key: 'extension', params: { number: current.e164, ...(current.serviceName ? { service: current.serviceName } : {}) } },
          },
        ],
        // Conditioned on the end read: it was still ahead at `now` (extendableAt), so an end unchanged still is.
        parts: () => [
          txUpdate(
            rentalItem,
            { sub, id },
            {
              set: { expiresAt, priceCents: extended.priceCents, reminded: [], dueQueue: rentalQueue, dueAt: extended.dueAt },
              when: { status: { equals: 'active' }, expiresAt: { equals: current.expiresAt } },
              onConditionFailed: () => new RentalMoved(),
            },
          ),
        ],
      });
      const balanceCents = entries[0]!.balanceAfterCents;
      if (!replayed) {
        await publish(sub, { type: 'rental', rental: toRental(extended) }); // push; never throws
        await recordStats({ kind: 'extension', cents: priceCents }, now); // never throws
      }
      return { rental: replayed ? ((await findRental(sub, id)) ?? extended) : extended, balanceCents };
    },
    {
      attempts: 5,
      retryOn: (error) => error instanceof RentalMoved,
      exhausted: () => {
        throw new ConflictError('The rental is changing; try again', 'RENTAL_CHANGING');
      },
    },
  );
}

class RentalMoved extends Error {}

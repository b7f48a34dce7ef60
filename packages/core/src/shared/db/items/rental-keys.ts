/**
 * The keys of rentals' items, apart from their schemas: other contexts' Lambdas (the SMS path, Start
 * Chat's send) address rentals and number locks without carrying the rental item's schema.
 */
import { userPartition } from './partitions';

/** The sort key prefix of a user's rentals (ids sort by time). */
export const rentalPrefix = 'RENTAL#';

export const rentalKey = ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `${rentalPrefix}${id}` });

export const rentalIdKey = ({ rentalId }: { rentalId: string }) => ({ pk: `RENTAL_ID#${rentalId}`, sk: 'RENTAL' });

/** The lock key of a number: for one service, or (no service: Private) all of it. */
export const numberLockKey = ({ numberId, serviceId }: { numberId: number; serviceId?: number }) => ({
  pk: `NUMBER_LOCK#${numberId}`,
  sk: serviceId === undefined ? 'ALL' : `SERVICE#${serviceId}`,
});

/** Rentals' items (written only by packages/core/src/rentals): rentals, their id pointers, number locks, activation and rent ids. */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { reportReason } from './rental';
import { numberLockKey, rentalIdKey } from './rental-keys';

export { numberLockKey, rentalPrefix } from './rental-keys';
export { rentalEnds, rentalItem, rentalSchema } from './rental';

/** Which account a rental id belongs to (operators find a customer by a rental id they were given). In no index, no TTL. */
export const rentalIdItem = defineItem({
  name: 'rental id pointer',
  owner: 'rentals',
  key: rentalIdKey,
  schema: z.object({ sub: z.string(), rentalId: z.string() }),
});

/**
 * Who holds a number, for one service or all of it for Private. It outlives rentals: `reusableAt`
 * keeps a number released after use from another renter for 90 days (SIMs are reissued after
 * months); the last renter may take it again. In no index, no TTL.
 */
export const numberLockItem = defineItem({
  name: 'number lock',
  owner: 'rentals',
  key: numberLockKey,
  schema: z.object({
    activeRentalId: z.optional(z.string()),
    activeSub: z.optional(z.string()),
    lastSub: z.optional(z.string()),
    reusableAt: z.optional(z.string()),
    /**
     * A renter reported the number for this service (not delivered, already used): never sold for it
     * again. When, why, and the rental it was reported on.
     */
    blockedAt: z.optional(z.string()),
    blockedReason: z.optional(reportReason),
    blockedRentalId: z.optional(z.string()),
  }),
});

/** A Temporary activation's plain decimal id (the SMS-Activate protocol's `activationId`) and its rental. In no index, no TTL. */
export const activationIdItem = defineItem({
  name: 'activation id',
  owner: 'rentals',
  key: ({ activationId }: { activationId: number }) => ({ pk: `ACTIVATION#${activationId}`, sk: 'ACTIVATION' }),
  schema: z.object({
    activationId: z.int(),
    sub: z.string(),
    rentalId: z.string(),
    /** setStatus 3 (another code): the rental's message count then; codes after it are the new ones. */
    retryAfter: z.optional(z.int()),
  }),
});

/** A rent-API rental's plain decimal id (the protocol's rent `id`) and its rental. In no index, no TTL. */
export const rentIdItem = defineItem({
  name: 'rent id',
  owner: 'rentals',
  key: ({ rentId }: { rentId: number }) => ({ pk: `RENT#${rentId}`, sk: 'RENT' }),
  schema: z.object({ rentId: z.int(), sub: z.string(), rentalId: z.string() }),
});

/** The last id taken of a counter (activation ids, rent ids): one atomic add per purchase. In no index, no TTL. */
export const idCounterItem = defineItem({
  name: 'id counter',
  owner: 'rentals',
  key: ({ counter }: { counter: 'ACTIVATION_COUNTER' | 'RENT_COUNTER' }) => ({ pk: counter, sk: 'COUNTER' }),
  schema: z.object({ last: z.int() }),
});

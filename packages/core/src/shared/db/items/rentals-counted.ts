/** A rental as the operators' recount of the active-rentals gauge reads it, apart: only that Lambda needs it. */
import { NumberType } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { rentalKey } from './rental-keys';

/** A rental's type and status, read from the rental job's queue (index dueByTime): the rest of it stays behind. */
export const rentalCountedItem = defineItem({
  name: 'rental (counted)',
  owner: 'rentals',
  key: rentalKey,
  // Read only (from the rental job's queue), never written: the rental is.
  indexes: { dueByTime: () => undefined },
  schema: z.object({ typeId: z.literal([NumberType.Shared, NumberType.Private, NumberType.Temporary]), status: z.enum(['active', 'inactive']) }),
});

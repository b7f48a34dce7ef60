/** Messaging's items (written only by packages/core/src/messaging). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * One account's Start Chat day (UTC): the segments sent and the numbers written to, both counted
 * in each send's payment transaction. Kept two days past its day by TTL.
 */
export const sentDayItem = defineItem({
  name: 'Start Chat day count',
  owner: 'messaging',
  key: ({ sub, day }: { sub: string; day: string }) => ({ pk: `USER#${sub}`, sk: `SMS_DAY#${day}` }),
  schema: z.object({ n: z.int(), dests: z.set(z.string()) }),
  // Never put whole: each count sets its TTL if unset (`expiresAtIfUnset`); this marks it as expiring.
  expiresAt: () => undefined,
});

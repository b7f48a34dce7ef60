/** Accounts' list of partners (a file of its own: only the partner role's code reads it through the layer). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * A partner in the operators' list (PARTNERS / PARTNER#<sub>): put in the transaction that sets the
 * profile's `partnerSince`, deleted in the one that removes it, so the list is the profiles with the
 * role without a scan. One small partition (partners are few). No index, no TTL.
 */
export const partnerItem = defineItem({
  name: 'partner',
  owner: 'accounts',
  key: ({ sub }: { sub: string }) => ({ pk: 'PARTNERS', sk: `PARTNER#${sub}` }),
  schema: z.object({ sub: z.string(), email: z.string(), since: z.string() }),
});

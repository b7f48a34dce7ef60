/** Accounts' e-mail pointers (a file of their own: only sign-up, sign-in by e-mail and the operators' search read them). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** The account of an e-mail address (its last sign-up), keyed by the address in lower case. In no index, no TTL. */
export const emailPointerItem = defineItem({
  name: 'e-mail pointer',
  owner: 'accounts',
  key: ({ email }: { email: string }) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'USER' }),
  schema: z.object({ sub: z.string() }),
  // The address is the key, not an attribute of its own.
  schemaAttributesOnly: true,
});

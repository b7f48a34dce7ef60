/** What the profile says about sessions (a file of its own: the push channel's Lambdas read it on every $connect and publish). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/**
 * The user profile read for its session marks only (`schemaOnly`): when its tokens stopped being
 * valid (epoch seconds), and whether the account is deleted or blocked. Accounts' item; the rest
 * of the profile stays behind.
 */
export const sessionMarksItem = defineItem({
  name: 'user profile session marks',
  owner: 'accounts',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
  schema: z.object({
    tokensValidAfter: z.optional(z.number()),
    deletedAt: z.optional(z.string()),
    blocked: z.optional(z.object({ since: z.string(), reason: z.string(), by: z.object({ sub: z.string(), email: z.string() }) })),
  }),
});

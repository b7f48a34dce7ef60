/** zod/mini parsing one object, alone: the part of the in-house layer's bundle that every handler already carries (its request schemas). */
import * as z from 'zod/mini';

const account = z.object({ sub: z.string(), balanceCents: z.int(), ledgerSeq: z.optional(z.int()) });

export const handler = async (event: unknown) => ({ statusCode: 200, body: JSON.stringify(account.parse(event)) });

/** The shared kernel's items: the rate limits' counters, written by every context that limits a use. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * One subject's count of uses in one fixed window of one limit (`RATE#<scope>#<subject hash>#<window
 * start>`); the subject is stored only as a hash. Expires a minute after its window (set by each count).
 */
export const rateWindowItem = defineItem({
  name: 'rate limit window count',
  owner: 'shared',
  key: ({ scope, subjectHash, windowStart }: { scope: string; subjectHash: string; windowStart: number }) => ({
    pk: `RATE#${scope}#${subjectHash}#${windowStart}`,
    sk: 'RATE',
  }),
  schema: z.object({ n: z.int() }),
  // Never put whole: each count sets its TTL if unset (`expiresAtIfUnset`); this marks it as expiring.
  expiresAt: () => undefined,
});

/**
 * One subject's token bucket in the form of GCRA: `tat` (ms), the moment the bucket is full again.
 * Expires a minute past that moment (set by each take), when it is as good as absent.
 */
export const rateBucketItem = defineItem({
  name: 'rate limit token bucket',
  owner: 'shared',
  key: ({ subjectHash }: { subjectHash: string }) => ({ pk: `RATE_BUCKET#${subjectHash}`, sk: 'BUCKET' }),
  schema: z.object({ tat: z.number() }),
  // Never put whole: each take sets its TTL (`expiresAt` of the change); this marks it as expiring.
  expiresAt: () => undefined,
});

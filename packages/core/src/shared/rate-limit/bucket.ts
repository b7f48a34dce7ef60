import { createHash } from 'node:crypto';
import { updateItem } from '../db/item';
import { rateBucketItem } from '../db/items/shared';

/**
 * A token bucket per subject, shared by every Lambda instance: `requestsPerSecond` sustained with
 * bursts of `burst` (the developer API's per-key limit, handler-api/rate-limit.ts).
 *
 * Stored as one item per subject (`RATE_BUCKET#<hash>`) in the form of GCRA: the item keeps the
 * bucket's "theoretical arrival time" `tat` (ms), the moment it would be full again. A request at
 * `now` is served when `tat <= now + (burst - 1) × interval`, and moves `tat` to
 * `max(tat, now) + interval`. DynamoDB has no max(), so the two cases are two conditional updates
 * (an idle bucket: `SET tat = now + interval`; a busy one: `ADD tat interval`); a failed condition
 * returns the item as it is, which says whether the request is refused or the other case applies.
 * Each instance remembers which case a subject was in last time, so a request costs one
 * conditional UpdateItem (1 write unit, as a fixed-window counter does) and a second only when the
 * guess was wrong; a refusal costs the one failed write.
 */
export interface TokenBucket {
  /** Tokens added per second. */
  requestsPerSecond: number;
  /** The bucket's size: the most requests served at once after a pause. */
  burst: number;
}

const hashed = (subject: string) => createHash('sha256').update(subject).digest('hex').slice(0, 24);
export const bucketKey = (subject: string) => rateBucketItem.key({ subjectHash: hashed(subject) });

/** This instance's last known `tat` per subject (a guess only: the table decides). */
const lastTat = new Map<string, number>();
const rememberedAtMost = 10_000;

function remember(subject: string, tat: number) {
  if (lastTat.size >= rememberedAtMost) lastTat.clear();
  lastTat.set(subject, tat);
}

type Attempt = { served: true; tat: number } | { served: false; tat: number | undefined };

/** A refused take: the bucket as it is (`tat` undefined while it has none). */
class Refused extends Error {
  constructor(readonly tat: number | undefined) {
    super('refused');
  }
}

async function attempt(subject: string, form: 'idle' | 'busy', now: number, bucket: TokenBucket): Promise<Attempt> {
  const interval = 1000 / bucket.requestsPerSecond;
  const ceiling = now + (bucket.burst - 1) * interval;
  // The item lives a minute past the moment the bucket is full again (then it is as good as absent).
  const expiresAt = Math.ceil((Math.max(now, ceiling) + interval) / 1000) + 60;
  const change =
    form === 'idle'
      ? { set: { tat: now + interval }, when: { anyOf: [{ tat: { absent: true as const } }, { tat: { lessThan: now } }] } }
      : { add: { tat: interval }, when: { tat: { between: [now, ceiling] as [number, number] } } };
  try {
    const after = await updateItem(
      rateBucketItem,
      { subjectHash: hashed(subject) },
      {
        ...change,
        expiresAt,
        ifExists: false,
        onConditionFailed: (current) => new Refused(current?.tat),
      },
    );
    return { served: true, tat: after!.tat };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { served: false, tat: error.tat };
  }
}

/**
 * True when this instance last saw the subject's bucket with no token left for `now`: then the
 * table would refuse too (`tat` only grows while it is ahead of the clock), so a caller may refuse
 * without a request. False when this instance does not know; the table decides then.
 */
export function knownEmpty(subject: string, bucket: TokenBucket, now = Date.now()): boolean {
  const tat = lastTat.get(subject);
  return tat !== undefined && tat > now + (bucket.burst - 1) * (1000 / bucket.requestsPerSecond);
}

/** Takes one token from the subject's bucket at `now` (ms): true when served. Shared by every instance. */
export async function takeToken(subject: string, bucket: TokenBucket, now = Date.now()): Promise<boolean> {
  const interval = 1000 / bucket.requestsPerSecond;
  const ceiling = now + (bucket.burst - 1) * interval;
  let form: 'idle' | 'busy' = (lastTat.get(subject) ?? 0) >= now ? 'busy' : 'idle';
  // Each failed attempt names the case that applies; a third is needed only when another request moved the bucket in between.
  for (let tries = 0; tries < 4; tries++) {
    const result = await attempt(subject, form, now, bucket);
    if (result.served) {
      remember(subject, result.tat);
      return true;
    }
    if (result.tat !== undefined && result.tat > ceiling) {
      remember(subject, result.tat);
      return false;
    }
    form = result.tat !== undefined && result.tat >= now ? 'busy' : 'idle';
  }
  return false;
}

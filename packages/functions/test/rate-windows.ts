/**
 * Test-only: a subject's rate-limit counters, set and read straight in the local cloud's table, so a
 * test makes a window as full as it needs at once instead of sending its way there or waiting for
 * the clock to start a fresh one. The app counts as ever, with its own clock.
 *
 * The windows are fixed on the clock, so a test's requests land in the window of "now" or, when it
 * ends meanwhile, a later one: each helper covers the next `windows` of them too.
 */
import './api'; // first: points this process at the local cloud
import type { RateLimit } from '@numbernest/core/rate-limit';

/** The starts (epoch s) of the window of now and the `windows - 1` after it. */
function windowStarts(limit: RateLimit, windows: number): number[] {
  const second = Math.floor(Date.now() / 1000);
  const first = second - (second % limit.windowSeconds);
  return Array.from({ length: windows }, (_, i) => first + i * limit.windowSeconds);
}

/** The windows fillWindows set: their counts now. */
export interface FilledWindows {
  counts: () => Promise<number[]>;
}

/**
 * Sets the count of the window of now and the next ones to `n` (the limit: full) and answers how to
 * read them back (the same windows, whatever the clock says by then).
 */
export async function fillWindows(limit: RateLimit, subject: string, n: number, windows = 2): Promise<FilledWindows> {
  const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@numbernest/core/db');
  const { rateKey } = await import('@numbernest/core/rate-limit');
  const starts = windowStarts(limit, windows);
  await Promise.all(
    starts.map((start) =>
      db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: rateKey(limit, subject, start),
          UpdateExpression: 'SET n = :n, expiresAt = :ttl',
          ExpressionAttributeValues: { ':n': n, ':ttl': start + limit.windowSeconds + 60 },
        }),
      ),
    ),
  );
  return {
    counts: async () => {
      const items = await Promise.all(
        starts.map((start) => db.send(new GetCommand({ TableName: tableName(), Key: rateKey(limit, subject, start), ConsistentRead: true }))),
      );
      return items.map(({ Item }) => (Item?.n as number | undefined) ?? 0);
    },
  };
}

/**
 * Test-only: an account's standing set straight in the local cloud's table, for tests about other
 * limits (purchase windows, refund windows, concurrency) whose users buy more than a new account may
 * hold. The app reads and counts it as ever.
 */
import './api'; // first: points this process at the local cloud

/** Sets (adds to) the standing counters of `sub`: e.g. `{ 'delivered:2026-11-28': 100 }`. */
export async function setStanding(sub: string, counters: Record<string, number>): Promise<void> {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@numbernest/core/db');
  const { standingKey } = await import('@numbernest/core/rentals');
  const names = Object.keys(counters);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: standingKey(sub),
      UpdateExpression: `SET ${names.map((_, i) => `#c${i} = :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:c${i}`, counters[name]])),
    }),
  );
}

/** Today's day counter names (UTC), as the app writes them. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A trusted account (100 numbers delivered today): it may hold the most numbers at once. */
export const trust = (sub: string) => setStanding(sub, { [`delivered:${today()}`]: 100 });

import { createdApiKeyReplySchema } from '@numbernest/contracts';
import { expect } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';

/** Test-only: a developer API key made through Account setting → API, as a customer makes one. */
export async function createKey(user: TestUser, name = 'bot'): Promise<string> {
  const reply = await as(user.idToken).post('/user/api-keys', { name });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return createdApiKeyReplySchema.parse(reply.json).key;
}

/** A user with `cents` on the balance and a fresh key. */
export async function userWithKey(cents = 10_00): Promise<{ user: TestUser; key: string }> {
  const user = await userWithBalance(cents);
  return { user, key: await createKey(user) };
}

/**
 * Test-only: sets the key's token bucket straight in the local cloud's table, as a clock would
 * leave it: `full` as after a pause, or emptied until `Date.now() + ms` (the bucket is full again
 * then). The app takes tokens as ever, with its own clock.
 */
export async function setKeyBucket(key: string, state: 'full' | { emptyForMs: number }): Promise<void> {
  const { bucketKey, hashApiKey } = await import('@numbernest/core/developer');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@numbernest/core/db');
  const tat = state === 'full' ? 0 : Date.now() + state.emptyForMs;
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: bucketKey(hashApiKey(key)),
      UpdateExpression: 'SET tat = :tat',
      ExpressionAttributeValues: { ':tat': tat },
    }),
  );
}

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

/**
 * An operator for the console's tests: a verified user whose profile exists, made an operator the
 * way `npm run ops -- grant-operator` does, then signed in again so the tokens carry the group.
 * Import './api' before this module.
 */
import { randomUUID } from 'node:crypto';
import { as, createTestUser, signIn, userWithBalance, type TestUser } from './auth-users';

/** Who grants in tests (the command line's shape: `cli:<name>`). */
export const testGranter = { sub: 'cli:test', email: 'test' };

export async function createOperator(): Promise<TestUser> {
  const user = await createTestUser(`operator-${randomUUID()}@example.com`);
  await as(user.idToken).get('/user');
  const { grantOperator } = await import('@numbernest/core/accounts');
  await grantOperator(user.email, testGranter);
  return { ...user, ...(await signIn(user)) };
}

/** A verified account (with `cents` on its balance) made a partner the way `npm run ops -- grant-partner` does. */
export async function createPartner(cents = 0): Promise<TestUser> {
  const user = await userWithBalance(cents);
  const { grantPartner } = await import('@numbernest/core/accounts');
  await grantPartner(user.email, testGranter);
  return user;
}

/** Requests as an operator (id token), with an optional Idempotency-Key. */
export { as };

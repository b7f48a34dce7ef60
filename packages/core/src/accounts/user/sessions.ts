import { SessionEndedError } from '../../shared/errors';
import type { Caller, UserItem } from './items';
import { moveProfileTimeForward } from './profile-times';

/**
 * Token revocation. API Gateway's JWT authorizer accepts a Cognito token until it expires (an
 * hour), whatever happened since; so the profile keeps `tokensValidAfter` (epoch seconds) and the
 * profile read of every user route (getUser) refuses a token whose session began before it.
 *
 * The session's start is the token's `auth_time` (else `iat`): a refreshed id token gets a new
 * `iat` but keeps the `auth_time` of its sign-in, so refreshing an old session does not help.
 *
 * Clock granularity: both claims are whole seconds. A revocation at 12:00:00.400 stores 12:00:01
 * (the next whole second), so every token of 12:00:00, issued before or after the revocation, is
 * refused; and revokeTokens returns only once 12:00:01 has begun, so a sign-in started after it
 * answered carries 12:00:01 or later and is accepted. The price is up to a second on a logout.
 */
export function sessionEnded(user: Pick<UserItem, 'tokensValidAfter'>, authenticatedAt: number | undefined): boolean {
  if (user.tokensValidAfter === undefined) return false;
  return authenticatedAt === undefined || authenticatedAt < user.tokensValidAfter;
}

/** sessionEnded as an error: SessionEndedError (401). */
export function assertSessionCurrent(user: UserItem, caller: Caller): void {
  if (sessionEnded(user, caller.authenticatedAt)) throw new SessionEndedError();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Refuses every token issued so far to the user (whose profile exists); returns once a new sign-in would be accepted. */
export async function revokeTokens(sub: string): Promise<void> {
  const validAfter = Math.floor(Date.now() / 1000) + 1;
  await moveProfileTimeForward(sub, 'tokensValidAfter', validAfter);
  await sleep(validAfter * 1000 - Date.now());
}

import type { StatusReply } from '@numbernest/contracts';
import { getUser, revokeTokens, signOutEverywhere } from '@numbernest/core/user';
import { httpHandler } from '../lib/http';
import { callerOf } from './caller';

/**
 * POST /api/logout -> { status: 'success', message: 'Logout Successfully' } (spec §4's toast).
 * Signs the caller out of every device: Cognito's global sign-out stops the refresh tokens, and
 * revokeTokens makes every user route refuse the id and access tokens already issued (401). The
 * web app's "Logout everywhere" and a password change use it too. In this order, so a failure
 * half-way can be retried with the same token.
 */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<StatusReply> => {
  const caller = callerOf(claims);
  await getUser(caller); // a token already revoked -> 401; the profile exists to hold the revocation
  await signOutEverywhere(caller.username);
  await revokeTokens(caller.sub);
  return { status: 'success', message: 'Logout Successfully' };
});

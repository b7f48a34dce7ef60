import { logoutRequestSchema, type StatusReply } from '@numbernest/contracts';
import { getUser, signOutEverywhere } from '@numbernest/core/accounts';
import { httpHandler } from '../lib/http';
import { callerOf } from './caller';
import { revokeApiAccess } from './api-access';
import { endSessions } from './revocation';

/**
 * POST /api/logout [{ revoke_api_access }] -> { status: 'success', message: 'Logout Successfully' } (the client shows it as its toast).
 * Signs the caller out of every device: Cognito's global sign-out stops the refresh tokens, the
 * id and access tokens already issued are refused by every user route (401), and open WebSockets
 * close. The web app's "Logout everywhere" and a password change use it too; a password change
 * may ask for the API keys and the webhook to go as well. In this order, so a failure half-way can
 * be retried with the same token.
 */
export const handler = httpHandler({ auth: true, body: logoutRequestSchema }, async ({ claims, body }): Promise<StatusReply> => {
  const caller = callerOf(claims);
  // A token already revoked -> 401; the profile exists to hold the revocation. A blocked account may still sign out.
  await getUser(caller, { allowBlocked: true });
  if (body.revoke_api_access) await revokeApiAccess(caller.sub);
  await signOutEverywhere(caller.username);
  await endSessions(caller.sub);
  return { status: 'success', message: 'Logout Successfully' };
});

import type { StatusReply } from '@numbernest/contracts';
import { signOutEverywhere } from '@numbernest/core/user';
import { httpHandler } from '../lib/http';
import { callerOf } from './caller';

/**
 * POST /api/logout -> { status: 'success', message: 'Logout Successfully' } (spec §4's toast).
 * Signs the caller out of every device (Cognito AdminUserGlobalSignOut): refresh tokens stop
 * working; the access and id tokens in hand stay valid until they expire (Cognito's JWTs are
 * stateless to API Gateway's authorizer).
 */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<StatusReply> => {
  await signOutEverywhere(callerOf(claims).username);
  return { status: 'success', message: 'Logout Successfully' };
});

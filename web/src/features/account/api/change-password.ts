import { updatePassword } from 'aws-amplify/auth';
import type { LogoutRequest, StatusReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { authState } from '@/lib/auth-state';
import { configureAmplify } from '@/lib/amplify';
import { signInWithPassword } from '@/lib/session/cognito';
import { establishSession } from '@/lib/session/session';
import { renewThrough } from '@/lib/session/session-keeper';

/**
 * Cognito ChangePassword for the signed-in person (through Amplify; only this lazy page loads it).
 * Then every session ends, as after a stolen password it must: POST /api/logout signs out every
 * device and makes the API refuse the tokens issued so far; this browser signs in again with the
 * new password. Requests answered 401 meanwhile wait for the new session (renewThrough).
 * `revokeApiAccess`: the same logout also revokes every API key and clears the SMS webhook URL
 * (for a password that may have been known to someone else, who could have made either).
 */
export async function changePassword(oldPassword: string, newPassword: string, { revokeApiAccess = false } = {}): Promise<void> {
  await configureAmplify();
  await updatePassword({ oldPassword, newPassword });
  const email = authState.get().user?.email;
  const body: LogoutRequest | undefined = revokeApiAccess ? { revoke_api_access: true } : undefined;
  await renewThrough(async () => {
    await apiRequest<StatusReply>('/logout', { method: 'POST', body });
    if (!email) throw Object.assign(new Error('No signed-in user to sign in again'), { name: 'NoSession' });
    await signInWithPassword(email, newPassword);
    await establishSession();
  });
}

import type { User } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { authState, type SessionUser } from '@/lib/auth-state';
import { currentIdToken, dropCognitoSession } from './cognito';

/**
 * After Cognito said yes (password or Google): the ID token goes to localStorage, GET /api/user
 * (which creates the account record on the first call) gives the user, and both together make
 * the visitor signed in. If the API refuses, nothing half-signed-in is left behind.
 */
export async function establishSession(): Promise<SessionUser> {
  const token = await currentIdToken();
  if (!token) throw Object.assign(new Error('Cognito returned no session'), { name: 'NoSession' });
  authState.setToken(token); // the API client sends what is stored
  try {
    const { data } = await apiRequest<{ data: User }>('/user');
    const user: SessionUser = {
      id: data.id,
      email: data.email,
      email_verified_at: data.email_verified_at,
      balance: data.balance,
      operator: data.operator,
      account_hold: data.account_hold,
    };
    authState.signIn(authState.get().token || token, user);
    return user;
  } catch (error) {
    authState.clear();
    await dropCognitoSession().catch(() => undefined);
    throw error;
  }
}

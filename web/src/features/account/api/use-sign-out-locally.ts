import { useCallback } from 'react';
import { authState } from '@/lib/auth-state';

/**
 * After the account is gone there is nobody to sign out on the server: forget the session in this
 * browser only (stored token and user, and Amplify's tokens).
 */
export function useSignOutLocally() {
  return useCallback(async () => {
    authState.clear();
    await import('@/lib/session/cognito')
      .then((cognito) => cognito.dropCognitoSession())
      .catch((error: unknown) => {
        console.warn('The Cognito session could not be dropped', error);
      });
  }, []);
}

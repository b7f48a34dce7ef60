import type { User } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';
import { authState } from '@/lib/auth-state';

export const profilePath = '/user';

export interface ProfileReply {
  data: User;
}

/** The stored user follows the profile (a verification, a balance change or operator rights seen by the server). */
function keepStoredUser({ id, email, email_verified_at, balance, operator }: User) {
  const { user } = authState.get();
  if (!user || user.id !== id) return;
  if (user.email !== email || user.email_verified_at !== email_verified_at || user.balance !== balance || user.operator !== operator) {
    authState.setUser({ ...user, email, email_verified_at, balance, operator });
  }
}

/** The signed-in user's profile and settings (GET /user); settings changes mutate this cache. */
export function useProfile() {
  return useSWR<ProfileReply>(profilePath, swrFetcher, {
    onSuccess: (reply) => keepStoredUser(reply.data),
  });
}

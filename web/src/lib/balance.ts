import type { AccountHold, BalanceReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher } from './api-client';
import { authState } from './auth-state';

export const balancePath = '/user/balance';
export const transactionsPrefix = '/user/transactions';
/** For `mutate(isTransactionsKey)` after money moved: every cached page of every filter. */
export const isTransactionsKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${transactionsPrefix}?`);
/** Fetched once at start, then every 30 s (push refreshes it sooner when money moves). */
export const balancePollMs = 30_000;

/**
 * The stored user follows the server's balance (and, when the reply says, the account's hold), so
 * the header, the hold banner and every page agree. `hold` undefined: not known here, kept as it was.
 */
export function keepStoredBalance(balance: number, hold?: AccountHold | null) {
  const { user } = authState.get();
  if (!user) return;
  const holdChanged = hold !== undefined && JSON.stringify(hold) !== JSON.stringify(user.account_hold ?? null);
  if (user.balance !== balance || holdChanged) authState.setUser({ ...user, balance, ...(hold !== undefined && { account_hold: hold }) });
}

/**
 * GET /user/balance while `enabled` (a verified e-mail). The reply only updates the stored
 * user; failures are only logged. A push can refresh it with `mutate(balancePath)`.
 */
export function useBalance(enabled: boolean) {
  return useSWR<BalanceReply>(enabled ? balancePath : null, swrFetcher, {
    refreshInterval: balancePollMs,
    onSuccess(reply) {
      if (reply.message === 'success') keepStoredBalance(reply.balance, reply.account_hold ?? null);
    },
    onError(error) {
      console.error('Balance could not be loaded', error);
    },
  });
}

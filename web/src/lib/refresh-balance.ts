import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { BalanceReply } from '@numbernest/contracts';
import { apiRequest } from './api-client';
import { balancePath, isTransactionsKey, keepStoredBalance } from './balance';

/**
 * After money lands or leaves: `mutate(balancePath)` with a fresh GET /user/balance, which also
 * updates the stored user (so the header shows it at once, polled or not), and drops every cached
 * history page. Resolves when done; failures are only logged.
 */
export function useRefreshBalance() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    void mutate(isTransactionsKey);
    try {
      await mutate<BalanceReply>(
        balancePath,
        async () => {
          const reply = await apiRequest<BalanceReply>(balancePath);
          if (reply.message === 'success') keepStoredBalance(reply.balance, reply.account_hold ?? null);
          return reply;
        },
        { revalidate: false },
      );
    } catch (error) {
      console.error('Balance could not be refreshed', error);
    }
  }, [mutate]);
}

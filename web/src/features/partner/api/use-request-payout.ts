import type { RequestedPayoutReply, RequestPayoutRequest } from '@numbernest/contracts';
import { useSWRConfig } from 'swr';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/refresh-balance';
import { payoutsPath } from './use-payouts';

/**
 * POST /user/partner/payouts {amount, destination} with `Idempotency-Key` (one per submit: a retry of
 * the same submit sends it again, so the amount is debited once); then the list and the balance read again.
 */
export function useRequestPayout() {
  const { mutate } = useSWRConfig();
  const refreshBalance = useRefreshBalance();
  return async (request: RequestPayoutRequest, idempotencyKey: string) => {
    const reply = await apiRequest<RequestedPayoutReply>(payoutsPath, { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } });
    await Promise.all([mutate(payoutsPath), refreshBalance()]);
    return reply;
  };
}

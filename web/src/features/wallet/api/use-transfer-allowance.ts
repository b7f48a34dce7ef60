import useSWR from 'swr';
import type { TransferAllowanceReply } from '@numbernest/contracts';
import { swrFetcher } from '@/lib/api-client';

export const transferAllowancePath = '/user/transfers/allowance';

/**
 * GET /user/transfers/allowance while `enabled` (a verified e-mail): what may be sent now (card
 * top-ups held for a day, the daily limit, an account on hold). Asked again whenever `balance`
 * changes, as a top-up, a transfer or a card payment taken back all move it.
 */
export function useTransferAllowance(enabled: boolean, balance: number | undefined) {
  return useSWR<TransferAllowanceReply>(enabled ? [transferAllowancePath, balance] : null, ([path]: [string]) => swrFetcher<TransferAllowanceReply>(path), {
    onError(error) {
      console.error('Transfer allowance could not be loaded', error);
    },
  });
}

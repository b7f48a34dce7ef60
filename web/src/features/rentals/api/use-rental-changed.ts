import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Rental, RentalReply } from '@numbernest/contracts';
import { keepStoredBalance } from '@/lib/balance';
import { useRefreshBalance } from '@/lib/refresh-balance';
import { isRentalListKey, rentalPath } from './keys';
import { standingPath } from './use-standing';

/**
 * After a rental was bought, closed or extended: its own key takes the server's answer at once,
 * every rentals list and the standing are asked again, and the balance (header, history) follows the money.
 */
export function useRentalChanged() {
  const { mutate } = useSWRConfig();
  const refreshBalance = useRefreshBalance();
  return useCallback(
    (rental: Rental, balance?: number) => {
      void mutate<RentalReply>(rentalPath(rental.id), { message: 'success', data: rental }, { revalidate: false });
      void mutate(isRentalListKey);
      void mutate(standingPath); // numbers held, and the outcome of an end
      if (balance !== undefined) keepStoredBalance(balance);
      void refreshBalance();
    },
    [mutate, refreshBalance],
  );
}

import type { TwilioImportBody, TwilioImportReply, TwilioNumbersReply } from '@numbernest/contracts/ops';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const twilioNumbersPath = '/ops/sources/twilio/numbers';

/**
 * The Twilio account's incoming numbers, asked of Twilio only once the operator loads them (each
 * load is a call to Twilio's API, not a table read), and the import of the chosen ones.
 */
export function useTwilioNumbers(load: boolean) {
  const swr = useSWR<TwilioNumbersReply>(load ? twilioNumbersPath : null, swrFetcher, { revalidateOnFocus: false });
  const { mutate } = swr;
  /** POST the chosen numbers with their types; the list is asked again after. */
  const importNumbers = useCallback(
    async (body: TwilioImportBody) => {
      const reply = await apiRequest<TwilioImportReply>('/ops/sources/twilio/import', { method: 'POST', body });
      await mutate();
      return reply;
    },
    [mutate],
  );
  return { ...swr, importNumbers };
}

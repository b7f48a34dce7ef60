import { useCallback } from 'react';
import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type { SendMessageReply, SendMessageRequest } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { keepStoredBalance } from '@/lib/balance';
import { useRefreshBalance } from '@/lib/refresh-balance';
import { isMessagesKey, rentalPath } from './keys';

export interface SendAttempt extends SendMessageRequest {
  /** One per attempt; sent again unchanged after a network error, so it is sent and charged once. */
  idempotencyKey: string;
}

/**
 * POST /user/rentals/{id}/messages { to, body } + Idempotency-Key (Start Chat). Rejects with
 * ApiError: 402 short of balance, 409 the rental ended, 429 a daily cap, 502 not sent (and refunded);
 * a 202 resolves with the message still `sending` (Twilio did not confirm it yet). Whatever the
 * answer, the conversation, the Sent folder and the balance are asked again: a 502 leaves a failed
 * message and a refund behind.
 */
export function useSendMessage(rentalId: string) {
  const { mutate } = useSWRConfig();
  const refreshBalance = useRefreshBalance();
  const refresh = useCallback(
    (balance?: number) => {
      void mutate(isMessagesKey);
      if (balance !== undefined) keepStoredBalance(balance);
      void refreshBalance();
    },
    [mutate, refreshBalance],
  );
  return useSWRMutation<SendMessageReply, ApiError, string, SendAttempt>(
    `${rentalPath(rentalId)}/messages`,
    async (path: string, { arg }: { arg: SendAttempt }) => {
      try {
        const reply = await apiRequest<SendMessageReply>(path, {
          method: 'POST',
          body: { to: arg.to, body: arg.body },
          headers: { 'Idempotency-Key': arg.idempotencyKey },
        });
        refresh(reply.balance);
        return reply;
      } catch (error) {
        refresh();
        throw error;
      }
    },
    { revalidate: false },
  );
}

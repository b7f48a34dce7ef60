import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '../../../lib/api-client';

export const webhookPath = '/user/webhook';

export interface WebhookDelivery {
  id: string;
  kind: 'sms' | 'test';
  status: 'pending' | 'delivered' | 'failed';
  status_code: number | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

export interface WebhookReply {
  message: string;
  data: { url: string | null; secret: string | null; deliveries: WebhookDelivery[] };
}

/** The caller's customer webhook: URL, signing secret, the last 50 deliveries. */
export function useWebhook() {
  const swr = useSWR<WebhookReply>(webhookPath, swrFetcher);
  const { mutate } = swr;
  const save = useCallback(
    async (url: string | null) => {
      await mutate(await apiRequest<WebhookReply>(webhookPath, { method: 'PUT', body: { url } }), { revalidate: false });
    },
    [mutate],
  );
  const sendTest = useCallback(async () => {
    await apiRequest(`${webhookPath}/test`, { method: 'POST' });
    await mutate();
  }, [mutate]);
  const redeliver = useCallback(
    async (id: string) => {
      await apiRequest(`${webhookPath}/deliveries/${encodeURIComponent(id)}/redeliver`, { method: 'POST' });
      await mutate();
    },
    [mutate],
  );
  return { ...swr, save, sendTest, redeliver };
}

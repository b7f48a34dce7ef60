import { useCallback } from 'react';
import type { WebhookReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const webhookPath = '/user/webhook';

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

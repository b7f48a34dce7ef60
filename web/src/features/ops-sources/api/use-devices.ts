import type { DevicesReply, RegisterDeviceBody, RegisterDeviceReply, UnregisterDeviceReply } from '@numbernest/contracts/ops';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const devicesPath = '/ops/sources/devices';

/** The registered android-sms-gateway phones (last seen refreshed every 30 s), and registering and unregistering one. */
export function useDevices() {
  const swr = useSWR<DevicesReply>(devicesPath, swrFetcher, { refreshInterval: 30_000 });
  const { mutate } = swr;
  const register = useCallback(
    async (body: RegisterDeviceBody) => {
      const reply = await apiRequest<RegisterDeviceReply>(devicesPath, { method: 'POST', body });
      await mutate();
      return reply;
    },
    [mutate],
  );
  const unregister = useCallback(
    async (id: string) => {
      const reply = await apiRequest<UnregisterDeviceReply>(`${devicesPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await mutate();
      return reply;
    },
    [mutate],
  );
  return { ...swr, register, unregister };
}

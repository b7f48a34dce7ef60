import type { SettingsReply, UserSettings } from '@numbernest/contracts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '@/lib/api-client';
import { profilePath, type ProfileReply } from '@/lib/profile/use-profile';

const withSettings = (reply: ProfileReply | undefined, settings: UserSettings): ProfileReply | undefined => reply && { data: { ...reply.data, settings } };

/**
 * Saves go out one at a time, in the order of the changes: each PUT carries the whole settings, so
 * an earlier one landing after a later one would bring back what the customer had just changed.
 */
let lastSave: Promise<unknown> = Promise.resolve();

function putInTurn(settings: UserSettings): Promise<SettingsReply> {
  const save = lastSave.then(() => apiRequest<SettingsReply>('/user/settings', { method: 'PUT', body: settings }));
  lastSave = save.catch(() => undefined);
  return save;
}

/**
 * PUT /user/settings with the whole settings object. The profile cache shows the new settings at
 * once and goes back to what it was if the server says no; the promise rejects then.
 */
export function useSaveSettings() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (settings: UserSettings) =>
      mutate<ProfileReply>(
        profilePath,
        async (current) => {
          const reply = await putInTurn(settings);
          return withSettings(current, reply.data);
        },
        {
          optimisticData: (current) => withSettings(current, settings)!,
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      ),
    [mutate],
  );
}

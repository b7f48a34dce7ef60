import { userSettingsSchema, type SettingsReply } from '@numbernest/contracts';
import { getUser, settingsOf, updateSettings } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** PUT /api/user/settings { notification, ringtone, reminders, configure } (all of them) -> status reply with the settings. */
export const handler = httpHandler({ auth: true, body: userSettingsSchema }, async ({ claims, body }): Promise<SettingsReply> => {
  const user = await getUser(callerOf(claims)); // the account exists (or is made) before it is changed
  const updated = await updateSettings(user.sub, body);
  return { status: 'success', message: 'Settings saved', data: settingsOf(updated) };
});

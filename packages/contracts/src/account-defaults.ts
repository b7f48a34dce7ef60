import type { UserSettings } from './account';

/** A new account's settings (a module of its own: the profile's readers load no account schema for it). */
export const defaultUserSettings: UserSettings = {
  notification: true,
  ringtone: 'default',
  reminders: true,
  configure: { new_message: true, balance: true, rental_expiry: true },
};

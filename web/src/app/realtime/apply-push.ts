import { defaultUserSettings, type BalanceReply, type UserSettings } from '@numbernest/contracts';
import type { Cache, ScopedMutator } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { apiRequest } from '@/lib/api-client';
import { profilePath, type ProfileReply } from '@/lib/profile/use-profile';
import { notificationPageKey } from '@/features/notifications/api/notification-keys';
import { standingPath } from '@/features/rentals/api/use-standing';
import { playRingtone } from '@/lib/ringtones';
import { authState } from '@/lib/auth-state';
import { balancePath, isTransactionsKey, keepStoredBalance } from '@/lib/balance';
import { dispatchRealtimeEvent, realtimeEvents } from './dom-events';
import type { PushEvent } from './realtime-client';

/** The SWR cache a push updates (the app's, from useSWRConfig). */
export interface SwrTarget {
  mutate: ScopedMutator;
  cache: Cache;
}

const rentalsPrefix = '/user/rentals';
const messagesPrefix = '/user/messages';
const startsWith = (prefix: string) => (key: unknown) => typeof key === 'string' && key.startsWith(prefix);

/**
 * The notification list is SWR infinite (`useNotifications`), whose first page is only fetched
 * again when it is missing: drop the cached page 0, then revalidate the list, so the bell's unread
 * count and the newest items come in while later pages stay as loaded (the 10 s poll resets paging).
 */
async function refreshNotifications({ mutate }: SwrTarget): Promise<void> {
  await mutate(notificationPageKey(0, null), undefined, { revalidate: false });
  await mutate(unstable_serialize(notificationPageKey));
}

/** Every rentals and messages key on screen is asked again, and the standing they change. */
function refreshRentalsAndMessages({ mutate }: SwrTarget): void {
  void mutate(startsWith(rentalsPrefix));
  void mutate(startsWith(messagesPrefix));
  void mutate(standingPath);
}

/** The Ringtone setting for a new SMS: from the cached profile, else fetched once; none when notifications are off. */
async function ringtoneFor({ mutate, cache }: SwrTarget): Promise<UserSettings['ringtone'] | null> {
  let profile = (cache.get(profilePath)?.data as ProfileReply | undefined) ?? undefined;
  if (!profile) {
    try {
      profile = await apiRequest<ProfileReply>(profilePath);
      void mutate(profilePath, profile, { revalidate: false });
    } catch {
      profile = undefined; // unknown settings: the defaults (notification on, 'default' tone)
    }
  }
  const settings = profile?.data.settings ?? defaultUserSettings;
  return settings.notification && settings.ringtone !== 'none' ? settings.ringtone : null;
}

/** Notifications of a card payment taken back (ledger kinds), which may have put the account on hold. */
const holdNotices = new Set(['chargeback', 'card-refund']);

/** What one pushed event changes in the page. */
export async function applyPushEvent(event: PushEvent, target: SwrTarget): Promise<void> {
  switch (event.type) {
    case 'balance': {
      keepStoredBalance(event.balance);
      const hold = authState.get().user?.account_hold ?? null;
      void target.mutate<BalanceReply>(balancePath, { message: 'success', balance: event.balance, account_hold: hold }, { revalidate: false });
      void target.mutate(isTransactionsKey); // a new ledger entry: history pages are stale
      return;
    }
    case 'notification':
      // A card payment taken back puts the account on hold: the balance's reply says so (the push does not).
      if (holdNotices.has(event.notification.data.kind ?? '')) void target.mutate(balancePath);
      return refreshNotifications(target);
    case 'rental':
      refreshRentalsAndMessages(target);
      dispatchRealtimeEvent(realtimeEvents.rental, { rental: event.rental });
      return;
    case 'message': {
      refreshRentalsAndMessages(target);
      dispatchRealtimeEvent(realtimeEvents.message, { message: event.message, rental: event.rental });
      const ringtone = await ringtoneFor(target);
      if (ringtone) playRingtone(ringtone);
      return;
    }
  }
}

/** After the socket was down (events may have been missed): everything a push would have refreshed. */
export function refreshAfterGap(target: SwrTarget): void {
  void target.mutate(balancePath);
  void refreshNotifications(target);
  refreshRentalsAndMessages(target);
}

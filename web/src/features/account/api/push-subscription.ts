import type { PushPublicKeyReply, PushSubscriptionsReply } from '@numbernest/contracts/push';
import { apiRequest } from '@/lib/api-client';

/** What this browser can do about Web Push. */
export type PushState = 'unsupported' | 'no-worker' | 'denied' | 'off' | 'on';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, if the app registered one (production builds do). */
const registration = async () => (pushSupported() ? ((await navigator.serviceWorker.getRegistration()) ?? null) : null);

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const worker = await registration();
  if (!worker) return 'no-worker';
  if (Notification.permission === 'denied') return 'denied';
  return (await worker.pushManager.getSubscription()) ? 'on' : 'off';
}

/** Asks permission, subscribes with the server's VAPID key and tells the server (POST). */
export async function subscribeThisBrowser(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return pushSupported() ? 'no-worker' : 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { data } = await apiRequest<PushPublicKeyReply>('/user/push/public-key');
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: data.key });
  try {
    await apiRequest<PushSubscriptionsReply>('/user/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Unsubscribes this browser and tells the server (DELETE). */
export async function unsubscribeThisBrowser(): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return 'off';
  await apiRequest<PushSubscriptionsReply>('/user/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  return 'off';
}

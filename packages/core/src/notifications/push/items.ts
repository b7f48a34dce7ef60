/** A browser's push subscription (the item of `pushKeys.subscription`). */
export interface PushSubscriptionItem {
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
  /** The browser that subscribed (User-Agent), shown nowhere yet but useful to support. */
  userAgent?: string;
}

export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  createdAt: string;
  /** Absent while unread. */
  readAt?: string;
  /** TTL (epoch seconds), set when read: read notifications go after a while, unread ones never. */
  expiresAt?: number;
}

export interface NotificationContent {
  title: string;
  message: string;
}

export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  kind?: string;
  key?: string;
  params?: Record<string, string>;
  createdAt: string;
  /** Absent while unread. */
  readAt?: string;
  /** TTL (epoch seconds), set when read: read notifications go after a while, unread ones never. */
  expiresAt?: number;
}

export interface NotificationContent {
  /** English words (what older clients and e-mails show). */
  title: string;
  message: string;
  /** What it is about (top-up, transfer, message, rental), and a translation key with its values for the web's languages. */
  kind?: string;
  key?: string;
  params?: Record<string, string>;
}

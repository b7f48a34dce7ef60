import type * as z from 'zod/mini';
import type { notificationItem } from '../../shared/db/items/notifications';

export type NotificationItem = z.infer<typeof notificationItem.schema>;

export interface NotificationContent {
  /** English words (what older clients and e-mails show). */
  title: string;
  message: string;
  /** What it is about (top-up, transfer, message, rental), and a translation key with its values for the web's languages. */
  kind?: string;
  key?: string;
  params?: Record<string, string>;
}

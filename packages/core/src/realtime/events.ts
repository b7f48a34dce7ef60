import type { Message, Notification, Rental } from '@numbernest/contracts';

/** What the server pushes to a user's open tabs (one JSON text frame each). */
export type PushEvent =
  | { type: 'message'; message: Message; rental: Rental }
  | { type: 'notification'; notification: Notification; unread_count?: number }
  | { type: 'balance'; balance: number }
  | { type: 'rental'; rental: Rental };

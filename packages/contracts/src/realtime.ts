import * as z from 'zod/mini';
import { notificationSchema } from './account';
import { balanceDollarsSchema } from './dollars';
import { intSchema } from './http';
import { messageSchema, rentalSchema } from './rental';

/**
 * What the server pushes to a user's open tabs over the realtime WebSocket, one JSON text frame
 * each. The web parses every frame with `pushEventSchema` and ignores what does not parse.
 */
export const pushEventSchema = z.discriminatedUnion('type', [
  /** An SMS reached one of the user's rentals (the rental as it is now: counts, last message). */
  z.object({ type: z.literal('message'), message: messageSchema, rental: rentalSchema }),
  /** A new notification; `unread_count` when the server knows it (after an SMS). */
  z.object({ type: z.literal('notification'), notification: notificationSchema, unread_count: z.optional(intSchema().check(z.nonnegative())) }),
  /** The balance after a ledger entry, in dollars. */
  z.object({ type: z.literal('balance'), balance: balanceDollarsSchema }),
  /** A rental bought, extended, closed, expired, refunded or sent from. */
  z.object({ type: z.literal('rental'), rental: rentalSchema }),
]);
export type PushEvent = z.infer<typeof pushEventSchema>;

/** The socket's own frames: the client sends `ping`, the server answers `pong` (no push event). */
export const socketPing = { type: 'ping' } as const;
export const socketPong = { type: 'pong' } as const;

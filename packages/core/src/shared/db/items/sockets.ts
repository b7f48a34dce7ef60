/** Notifications' open WebSockets, stored twice each (a file of their own: a module's item types are bundled together). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** The sort key prefix of a user's open sockets. */
export const socketPrefix = 'SOCKET#';

const socketSchema = z.object({
  connectionId: z.string(),
  sub: z.string(),
  /** Epoch milliseconds of the $connect. */
  connectedAt: z.number(),
  /**
   * When the session of the token it connected with began (epoch seconds: `auth_time`, else `iat`),
   * checked against the profile's `tokensValidAfter` by publish and pings. Absent: counts as revoked.
   */
  authenticatedAt: z.optional(z.number()),
  /** Epoch seconds: 2 hours past its connect or last ping (API Gateway's longest WebSocket). */
  expiresAt: z.number(),
});

/** A browser tab's open WebSocket in its user's partition (sort key SOCKET#<connection id>), for publishing. TTL; no index. */
export const socketOfUserItem = defineItem({
  name: 'socket of a user',
  owner: 'notifications',
  key: ({ sub, connectionId }: { sub: string; connectionId: string }) => ({ pk: userPartition(sub), sk: `${socketPrefix}${connectionId}` }),
  schema: socketSchema,
  expiresAt: (item) => item.expiresAt,
});

/** The same socket under its connection id (SOCKET#<id> / SOCKET), for its $disconnect and pings. TTL; no index. */
export const socketByIdItem = defineItem({
  name: 'socket by id',
  owner: 'notifications',
  key: ({ connectionId }: { connectionId: string }) => ({ pk: `SOCKET#${connectionId}`, sk: 'SOCKET' }),
  schema: socketSchema,
  expiresAt: (item) => item.expiresAt,
});

import { userPartition } from '../../accounts';

/**
 * A browser tab's open WebSocket, stored twice (both with the TTL `expiresAt`): in the user's
 * partition, for publishing, and under its connection id, for its owner (keys: docs/access-patterns.md).
 */
export const socketKeys = {
  prefix: 'SOCKET#',
  ofUser: (sub: string, connectionId: string) => ({ pk: userPartition(sub), sk: `SOCKET#${connectionId}` }),
  owner: (connectionId: string) => ({ pk: `SOCKET#${connectionId}`, sk: 'SOCKET' }),
};

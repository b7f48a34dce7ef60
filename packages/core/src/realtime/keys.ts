import { userPartition } from '../user/keys';

/**
 * A browser tab's open WebSocket, stored twice (both with the TTL `expiresAt`):
 *
 * | item                 | pk                     | sk                     | read by                          |
 * |----------------------|------------------------|------------------------|----------------------------------|
 * | the user's socket    | USER#<sub>             | SOCKET#<connectionId>  | publish: Query pk + begins_with  |
 * | the socket's owner   | SOCKET#<connectionId>  | SOCKET                 | $disconnect / $default: GetItem  |
 */
export const socketKeys = {
  prefix: 'SOCKET#',
  ofUser: (sub: string, connectionId: string) => ({ pk: userPartition(sub), sk: `SOCKET#${connectionId}` }),
  owner: (connectionId: string) => ({ pk: `SOCKET#${connectionId}`, sk: 'SOCKET' }),
};

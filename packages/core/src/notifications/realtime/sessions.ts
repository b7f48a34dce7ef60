import type * as z from 'zod/mini';
import { readItem } from '../../shared/db';
import { sessionMarksItem } from '../../shared/db/items/session-marks';
import { log } from '../../shared/log';
import { sessionEnded } from '../../accounts';
import { connectionsOf, forgetGoneConnection, type SocketItem } from './connections';
import { closeConnection, managementEndpoint } from './management';

/**
 * Revocation on the push channel. A socket keeps the start of the session it connected with
 * (`authenticatedAt`); once the profile's `tokensValidAfter` (logout, password change or reset,
 * deletion: core/accounts/user/sessions.ts) passes it, the socket is revoked: publish sends it nothing and
 * closes it, a ping closes it, and the revocation itself closes every socket of the user at once.
 */
export type SessionMarks = z.infer<typeof sessionMarksItem.schema>;

/** What the profile says about sessions (strongly consistent: a revocation just made counts). Undefined: no profile yet. */
export function sessionMarks(sub: string): Promise<SessionMarks | undefined> {
  return readItem(sessionMarksItem, { sub }, { consistent: true, schemaOnly: true });
}

/**
 * Whether the socket's session has ended. No profile yet: nothing was ever revoked (a first
 * visit's socket may connect before its profile is made); a deleted or blocked account: ended.
 */
export const socketRevoked = (marks: SessionMarks | undefined, socket: Pick<SocketItem, 'authenticatedAt'>): boolean =>
  marks !== undefined && (marks.deletedAt !== undefined || marks.blocked !== undefined || sessionEnded(marks, socket.authenticatedAt));

/** Closes one socket from the server side (its $disconnect removes it); one API Gateway no longer knows is forgotten here. Never throws. */
export async function closeSocket(endpoint: string, socket: SocketItem): Promise<void> {
  try {
    if ((await closeConnection(endpoint, socket.connectionId)) === 'gone') await forgetGoneConnection(socket, 0);
  } catch (error) {
    log.error('Closing a socket failed', { sub: socket.sub, connectionId: socket.connectionId, error: String(error) });
  }
}

/**
 * After a revocation: every open socket of the user is closed now (DeleteConnection), so no tab
 * stays connected on a session that has ended. Call it after `tokensValidAfter` has moved: a socket
 * that connects meanwhile is either listed here or sees the revocation in its own $connect. Never
 * throws (a socket missed here is still refused by publish and by its next ping); answers how many were closed.
 */
export async function closeConnectionsOf(sub: string): Promise<number> {
  const endpoint = managementEndpoint();
  if (!endpoint) return 0;
  try {
    const sockets = await connectionsOf(sub, Date.now(), true);
    await Promise.all(sockets.map((socket) => closeSocket(endpoint, socket)));
    return sockets.length;
  } catch (error) {
    log.error('Closing the sockets of a revoked session failed', { sub, error: String(error) });
    return 0;
  }
}

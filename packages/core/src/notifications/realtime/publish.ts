import type { PushEvent } from '@numbernest/contracts';
import { log } from '../../shared/log';
import { connectionsOf, forgetGoneConnection } from './connections';
import { managementEndpoint, postToConnection } from './management';
import { closeSocket, sessionMarks, socketRevoked } from './sessions';

let warnedUnlinked = false;

/**
 * Sends events (one frame each) to every open tab of the user: Query the user's sockets, post the JSON to each
 * at once through the WebSocket API's management endpoint, forget those that answer 410 Gone. A
 * socket whose session has ended since it connected (logout, password change or reset, deletion:
 * the profile, read alongside) gets nothing and is closed.
 * Never throws: a push is a courtesy on top of a change that is already committed (the web app
 * also polls), so a failure is logged and the caller carries on.
 */
export async function publish(sub: string, events: PushEvent | PushEvent[]): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  const event = list[0]!; // for the log lines
  try {
    const endpoint = managementEndpoint();
    if (!endpoint) {
      if (!warnedUnlinked) log.warn('Push skipped: the Realtime API is not linked here');
      warnedUnlinked = true;
      return;
    }
    const [sockets, marks] = await Promise.all([connectionsOf(sub), sessionMarks(sub)]);
    if (sockets.length === 0) return;
    // One lookup of the user's sockets, then each event to each socket, in order per socket.
    await Promise.all(
      sockets.map(async (socket) => {
        if (socketRevoked(marks, socket)) return closeSocket(endpoint, socket);
        try {
          for (const one of list) {
            if ((await postToConnection(endpoint, socket.connectionId, JSON.stringify(one))) === 'gone') {
              await forgetGoneConnection(socket);
              return;
            }
          }
        } catch (error) {
          logFailure(sub, event, error, socket.connectionId);
        }
      }),
    );
  } catch (error) {
    logFailure(sub, event, error);
  }
}

function logFailure(sub: string, event: PushEvent, error: unknown, connectionId?: string): void {
  log.error('Push failed', { sub, type: event.type, ...(connectionId ? { connectionId } : {}), error: String(error) });
}

import { socketPing, socketPong } from '@numbernest/contracts';
import { closeConnection, managementEndpoint, postToConnection, sessionMarks, socketRevoked, touchConnection } from '@numbernest/core/notifications';
import { logError, reply, socketHandler, type SocketEvent, type SocketResult } from './event';

/**
 * `$default`, every frame a tab sends. `{"type":"ping"}` (every few minutes, which also keeps API
 * Gateway's 10-minute idle timeout away) keeps the stored socket alive another 2 hours and is
 * answered `{"type":"pong"}` through the management API (a route's return value does not reach
 * the client without a route response). A socket that is no longer stored would never get a push,
 * and one whose session has ended since it connected (logout, password change or reset, deletion)
 * must not: either is closed instead (a live tab reconnects and is stored again; a revoked one is
 * refused). Anything else is ignored.
 */
export const handler = socketHandler('realtime/default', async (event: SocketEvent): Promise<SocketResult> => {
  if (messageType(event.body) !== socketPing.type) return reply(200);
  const { connectionId } = event.requestContext;
  const stored = await touchConnection(connectionId);
  const current = stored !== undefined && !socketRevoked(await sessionMarks(stored.sub), stored);
  const endpoint = managementEndpoint();
  if (!endpoint) return reply(200);
  try {
    if (current) await postToConnection(endpoint, connectionId, JSON.stringify(socketPong));
    else await closeConnection(endpoint, connectionId);
  } catch (error) {
    logError(current ? 'Pong failed' : 'Closing a socket failed', error);
  }
  return reply(200);
});

function messageType(body: string | undefined): unknown {
  if (!body || body.length > 1024) return undefined;
  try {
    return (JSON.parse(body) as { type?: unknown } | null)?.type;
  } catch {
    return undefined;
  }
}

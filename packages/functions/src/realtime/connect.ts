import { removeConnection, saveConnection, sessionMarks, socketRevoked, verifySocketToken } from '@numbernest/core/notifications';
import { reply, socketHandler, type SocketEvent, type SocketResult } from './event';

/**
 * `$connect` (`wss://…?token=<Cognito id or access token>`): API Gateway has no JWT authorizer
 * for WebSocket APIs, so the token is checked here, by the same code on AWS and locally (see
 * core/notifications/realtime/token.ts). No valid token, or one of a session that has ended (logout, see
 * core/accounts/user/sessions.ts): 401; a deleted account: 403. Otherwise the socket is stored for the user
 * with when its session began (core/notifications/realtime/connections.ts) and the handshake completes.
 * The session is checked again once the socket is stored: a revocation that landed in between
 * listed no socket to close, so it is this handler that refuses.
 */
export const handler = socketHandler('realtime/connect', async (event: SocketEvent): Promise<SocketResult> => {
  const token = event.queryStringParameters?.token;
  const identity = token ? await verifySocketToken(token) : undefined;
  if (!identity) return reply(401, 'Unauthorized');
  const before = await sessionMarks(identity.sub);
  if (before?.deletedAt) return reply(403, 'Forbidden');
  if (socketRevoked(before, identity)) return reply(401, 'Unauthorized');
  const { connectionId } = event.requestContext;
  await saveConnection(connectionId, identity.sub, Date.now(), identity.authenticatedAt);
  if (socketRevoked(await sessionMarks(identity.sub), identity)) {
    await removeConnection(connectionId); // a refused $connect gets no $disconnect
    return reply(401, 'Unauthorized');
  }
  return reply(200);
});

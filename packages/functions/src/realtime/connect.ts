import { saveConnection, verifySocketToken } from '@numbernest/core/realtime';
import { findUser, sessionEnded } from '@numbernest/core/user';
import { reply, type SocketEvent, type SocketResult } from './event';

/**
 * `$connect` (`wss://…?token=<Cognito id or access token>`): API Gateway has no JWT authorizer
 * for WebSocket APIs, so the token is checked here, by the same code on AWS and locally (see
 * core/realtime/token.ts). No valid token, or one of a session that has ended (logout, see
 * core/user/sessions.ts): 401; a deleted account: 403. Otherwise the socket is
 * stored for the user (core/realtime/connections.ts) and the handshake completes.
 */
export async function handler(event: SocketEvent): Promise<SocketResult> {
  const token = event.queryStringParameters?.token;
  const identity = token ? await verifySocketToken(token) : undefined;
  if (!identity) return reply(401, 'Unauthorized');
  const profile = await findUser(identity.sub);
  if (profile?.deletedAt) return reply(403, 'Forbidden');
  if (profile && sessionEnded(profile, identity.authenticatedAt)) return reply(401, 'Unauthorized');
  await saveConnection(event.requestContext.connectionId, identity.sub);
  return reply(200);
}

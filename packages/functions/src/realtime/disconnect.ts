import { removeConnection } from '@numbernest/core/notifications';
import { reply, socketHandler, type SocketEvent, type SocketResult } from './event';

/** `$disconnect`: the socket's two items go (a lost one is left to the TTL and to publish's 410 clean-up). */
export const handler = socketHandler('realtime/disconnect', async (event: SocketEvent): Promise<SocketResult> => {
  await removeConnection(event.requestContext.connectionId);
  return reply(200);
});

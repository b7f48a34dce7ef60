import './function-defaults';
import { handlerIfPresent } from './handlers';
import { table } from './storage';

/**
 * The WebSocket API for push (new message, notification, balance). API Gateway has no JWT
 * authorizer for WebSocket APIs, so `$connect` checks the token itself (query string).
 * Handlers that a later issue writes are wired as soon as their files exist.
 */
export const realtime = new sst.aws.ApiGatewayWebSocket('Realtime');

const socketRoutes = {
  $connect: 'realtime/connect.handler',
  $disconnect: 'realtime/disconnect.handler',
  $default: 'realtime/default.handler',
} as const;

for (const [route, handler] of Object.entries(socketRoutes)) {
  const present = handlerIfPresent(handler);
  if (present) realtime.route(route, { handler: present, link: [realtime] });
}

/** Table stream -> sockets: turns new items (messages, notifications, balance) into pushes. */
const fanOut = handlerIfPresent('realtime/fan-out.handler');
if (fanOut) {
  table.subscribe('PushFanOut', { handler: fanOut, link: [realtime] });
}

/**
 * The WebSocket API's routes and their handlers (`<file>.<export>` under packages/functions/src),
 * read by stacks/realtime.ts and by the local WebSocket gateway. No imports: the infra reads it.
 */
export const socketRoutes = {
  $connect: 'realtime/connect.handler',
  $disconnect: 'realtime/disconnect.handler',
  $default: 'realtime/default.handler',
} as const;

export type SocketRouteKey = keyof typeof socketRoutes;

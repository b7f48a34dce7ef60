import { provideLinks } from './links';

/**
 * The WebSocket API for push, made before any function that links it: the Cognito trigger
 * (stacks/auth.ts) closes a user's sockets after a password reset, and stacks/realtime.ts, which
 * adds the routes, needs the user pool first.
 */
export const realtime = new sst.aws.ApiGatewayWebSocket('Realtime');
provideLinks({ Realtime: realtime });

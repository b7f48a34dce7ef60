import { socketRoutes } from '../packages/functions/src/realtime/routes';
import './auth';
import './function-defaults';
import { handlerPath } from './handlers';
import { realtime } from './realtime-api';

/**
 * The WebSocket API for push (new message, notification, balance, rental). API Gateway has no JWT
 * authorizer for WebSocket APIs, so `$connect` checks the token itself (query string `?token=`)
 * with aws-jwt-verify against the pool and its web client. Every route links the API itself
 * (`Resource.Realtime.managementEndpoint`, ManageConnections) for pongs and clean-up; whatever
 * publishes (API routes, jobs) links it too. Who gets what: packages/functions/src/links.ts.
 */
export { realtime };

for (const [route, handler] of Object.entries(socketRoutes)) {
  realtime.route(route, { handler: handlerPath(handler) });
}

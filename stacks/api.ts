import { routeKey, routes } from '../packages/functions/src/routes';
import { userPoolClient, userPool } from './auth';
import './function-defaults';
import { routeTimeout } from './function-timeouts';
import { handlerPath } from './handlers';
// Imported for their links (stacks/links.ts): routes push over the socket and queue customer webhooks.
import './realtime';
import { subscribeWebhookQueue } from './webhooks';
import { webOrigins } from './router';
import { region } from './stage';

/** Requests per second (steady) and burst for the whole HTTP API; the account's default is 10,000 / 5,000. */
const stageThrottle = { rate: 500, burst: 1000 };

/**
 * The HTTP API. Every row of the route table becomes one route and one function; rows with
 * `auth` go through the Cognito JWT authorizer, whose claims reach the handler in
 * `requestContext.authorizer.jwt.claims`. Function defaults (runtime, memory, table link,
 * IMAGE_BASE_URL, WEB_ORIGINS, links) come from stacks/function-defaults.ts.
 */
export const api = new sst.aws.ApiGatewayV2('Api', {
  cors: {
    allowOrigins: webOrigins,
    allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: '1 day',
  },
  // No `link` here: each route's function gets what its row in packages/functions/src/links.ts names.
  transform: {
    // A backstop for the whole stage, above any real client's pace; per-IP limits on public
    // writes are the app's own (core/shared/rate-limit). Over it API Gateway answers 429 itself.
    stage: (args) => {
      args.defaultRouteSettings = { throttlingRateLimit: stageThrottle.rate, throttlingBurstLimit: stageThrottle.burst };
    },
  },
});

const authorizer = api.addAuthorizer({
  name: 'Cognito',
  jwt: {
    issuer: $interpolate`https://cognito-idp.${region}.amazonaws.com/${userPool.id}`,
    audiences: [userPoolClient.id],
  },
});

for (const route of routes) {
  api.route(
    routeKey(route),
    // API_URL: where payment providers post their notifications (the checkout names our webhook).
    { handler: handlerPath(route.handler), environment: { API_URL: api.url }, timeout: routeTimeout(route.handler) },
    route.auth ? { auth: { jwt: { authorizer: authorizer.id } } } : {},
  );
}

subscribeWebhookQueue(api.url);

import { api } from './api';
import { hostedUiUrl, userPool, userPoolClient } from './auth';
import { realtime } from './realtime';
import { router } from './router';
import { region } from './stage';

/**
 * The Vite app, built with the deployed endpoints baked in and served through the Router
 * (see stacks/router.ts for why the Router exists). Unknown paths fall back to index.html,
 * so client-side routes work on reload.
 */
export const web = new sst.aws.StaticSite('Web', {
  path: 'web',
  build: { command: 'npm run build', output: 'dist' },
  router: { instance: router },
  environment: {
    VITE_API_URL: api.url,
    VITE_USER_POOL_ID: userPool.id,
    VITE_USER_POOL_CLIENT_ID: userPoolClient.id,
    VITE_REGION: region,
    VITE_WS_URL: realtime.url,
    VITE_OAUTH_DOMAIN: hostedUiUrl,
  },
});

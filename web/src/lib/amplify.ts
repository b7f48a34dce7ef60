import { Amplify } from 'aws-amplify';
// Completes a Google (hosted UI) sign-in when the browser comes back to /auth/callback.
import 'aws-amplify/auth/enable-oauth-listener';
import { loadRuntimeConfig, type RuntimeConfig } from './config';

/**
 * Amplify, configured once, on first use. Only account code imports this module (and the session
 * keeper only through `import()`), so the landing route never downloads aws-amplify.
 */
let configured: Promise<RuntimeConfig> | null = null;

export function configureAmplify(): Promise<RuntimeConfig> {
  configured ??= loadRuntimeConfig().then((config) => {
    Amplify.configure(amplifyConfig(config, window.location.origin));
    return config;
  });
  configured.catch(() => (configured = null));
  return configured;
}

/** The OAuth block only exists where there is a hosted UI (deployed stages). */
export function amplifyConfig(config: RuntimeConfig, origin: string): Parameters<typeof Amplify.configure>[0] {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                  redirectSignIn: [`${origin}/auth/callback`],
                  redirectSignOut: [`${origin}/logIn`],
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  };
}

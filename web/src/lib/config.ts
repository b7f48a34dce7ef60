/**
 * Where the browser finds Cognito: baked in by Vite on AWS (stacks/web.ts sets VITE_*), asked of
 * the local cloud otherwise (`/_local/config.json`). Resolved once; a failed fetch is retried on
 * the next call. Kept free of aws-amplify so the landing route can import it for nothing.
 */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local only: cognito-local behind the local cloud's proxy. */
  userPoolEndpoint?: string;
  /** The hosted-UI domain without scheme (Google sign-in); absent locally. */
  oauthDomain?: string;
  /** Local only: the page that shows the e-mails the local cloud captured. */
  mailbox?: string;
}

let pending: Promise<RuntimeConfig> | null = null;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= resolveConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Is there a hosted UI (deployed stages) to send a Google sign-in to? */
export const hasOAuth = (config: RuntimeConfig) => Boolean(config.oauthDomain);

async function resolveConfig(): Promise<RuntimeConfig> {
  const env = import.meta.env;
  if (env.VITE_USER_POOL_ID) {
    return {
      region: String(env.VITE_REGION ?? ''),
      userPoolId: String(env.VITE_USER_POOL_ID),
      userPoolClientId: String(env.VITE_USER_POOL_CLIENT_ID ?? ''),
      oauthDomain: stripScheme(String(env.VITE_OAUTH_DOMAIN ?? '')) || undefined,
    };
  }
  const response = await fetch('/_local/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`No runtime config: /_local/config.json answered ${response.status}`);
  const local = (await response.json()) as RuntimeConfig;
  return { ...local, oauthDomain: undefined };
}

/** Amplify wants `name.auth.region.amazoncognito.com`; SST's domainUrl carries `https://`. */
export const stripScheme = (domain: string) => domain.replace(/^https?:\/\//, '').replace(/\/+$/, '');

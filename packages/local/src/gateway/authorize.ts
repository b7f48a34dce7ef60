import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface JwtAuthorizerContext {
  /** As API Gateway's JWT authorizer passes them: every value a string. */
  claims: Record<string, string>;
  scopes: string[];
}

export interface AuthorizerOptions {
  /** `<issuer domain>/<userPoolId>`, exactly as the tokens name it. */
  issuer: string;
  /** The app client id: `aud` of id tokens, `client_id` of access tokens. */
  clientId: string;
  /** The JWKS object itself: aws-jwt-verify refuses to fetch over http:. */
  jwks: { keys: unknown[] };
  /** Epoch ms the expiry is judged by (tests pass a later one instead of waiting for a token to expire). */
  now?: () => number;
}

export type Authorize = (authorizationHeader: string | undefined) => Promise<JwtAuthorizerContext | undefined>;

/**
 * The JWT check API Gateway's authorizer does on AWS: a Cognito id or access token, signed by the
 * pool's key, from this issuer, for this client, not expired. Undefined means 401.
 */
export function createAuthorizer(options: AuthorizerOptions): Authorize {
  const { now = Date.now } = options;
  const verifier = JwtRsaVerifier.create({
    issuer: options.issuer,
    audience: null, // checked below: access tokens carry client_id instead of aud
    customJwtCheck: ({ payload }) => checkClient(payload, options.clientId),
  });
  verifier.cacheJwks(options.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  return async (authorizationHeader) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorizationHeader?.trim() ?? '')?.[1];
    if (!token) return undefined;
    try {
      const payload = await verifier.verify(token); // expiry by the real clock too
      if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now()) return undefined;
      return { claims: stringifyClaims(payload), scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [] };
    } catch {
      return undefined;
    }
  };
}

function checkClient(payload: JwtPayload, clientId: string): void {
  const use = payload.token_use;
  const client = use === 'id' ? payload.aud : use === 'access' ? payload.client_id : undefined;
  if (client !== clientId) throw new Error(`token is not an id/access token of client ${clientId}`);
}

/** API Gateway hands claims over as strings; arrays look like `[a b]`. */
function stringifyClaims(payload: JwtPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]),
  );
}

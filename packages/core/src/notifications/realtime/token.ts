import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { log } from '../../shared/log';
import { localCognitoEndpoint, resource } from '../../shared/settings';

/** What a valid token says about its user. */
export interface SocketIdentity {
  sub: string;
  tokenUse: 'id' | 'access';
  /** When the token's session began (`auth_time`, else `iat`), for the revocation check. */
  authenticatedAt?: number;
}

interface Verifier {
  verify(token: string): Promise<JwtPayload>;
}

let verifier: Promise<Verifier> | undefined;

/**
 * The `$connect` check (API Gateway has no JWT authorizer for WebSocket APIs): a Cognito id or
 * access token of the pool's web client, correctly signed, from the pool's issuer, not expired.
 * Undefined means refuse. The checks are the same everywhere; only where the keys come from is
 * configuration:
 * - on AWS, `CognitoJwtVerifier` for `Resource.UserPool.id` / `Resource.UserPoolClient.id`
 *   (issuer `https://cognito-idp.<region>.amazonaws.com/<pool>`, keys fetched and cached per warm Lambda);
 * - locally, `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` names the local cloud's Cognito (as it
 *   does for every Cognito call of core): its tokens are issued by `<endpoint>/<pool>` and its
 *   keys are served over http:, which aws-jwt-verify will not fetch itself, so they are fetched
 *   here once and handed to a `JwtRsaVerifier` (the same check as the local HTTP gateway's).
 */
export async function verifySocketToken(token: string): Promise<SocketIdentity | undefined> {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return undefined;
  let check: Verifier;
  try {
    check = await (verifier ??= createVerifier().catch((error: unknown) => {
      verifier = undefined; // a key fetch that failed is tried again on the next connect
      throw error;
    }));
  } catch (error) {
    log.error('Token keys could not be loaded', { error: String(error) });
    return undefined;
  }
  try {
    const payload = await check.verify(token);
    const tokenUse = payload.token_use;
    if (typeof payload.sub !== 'string' || (tokenUse !== 'id' && tokenUse !== 'access')) return undefined;
    const authenticatedAt = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
    return { sub: payload.sub, tokenUse, ...(authenticatedAt === undefined ? {} : { authenticatedAt }) };
  } catch {
    return undefined;
  }
}

async function createVerifier(): Promise<Verifier> {
  const userPoolId = resource('UserPool').id;
  const clientId = resource('UserPoolClient').id;
  const localCognito = localCognitoEndpoint();
  if (!localCognito) return CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: null });

  const issuer = `${localCognito.replace(/\/+$/, '')}/${userPoolId}`;
  const local = JwtRsaVerifier.create({
    issuer,
    audience: null, // checked below: access tokens carry client_id instead of aud
    customJwtCheck: ({ payload }) => {
      const client = payload.token_use === 'id' ? payload.aud : payload.token_use === 'access' ? payload.client_id : undefined;
      if (client !== clientId) throw new Error(`not an id/access token of client ${clientId}`);
    },
  });
  const reply = await fetch(`${issuer}/.well-known/jwks.json`, { signal: AbortSignal.timeout(5_000) });
  if (!reply.ok) throw new Error(`${issuer}/.well-known/jwks.json answered ${reply.status}`);
  local.cacheJwks((await reply.json()) as Parameters<typeof local.cacheJwks>[0]);
  return local;
}

/** Tests: forget the verifier (another pool or client). */
export function resetSocketTokenVerifier(): void {
  verifier = undefined;
}

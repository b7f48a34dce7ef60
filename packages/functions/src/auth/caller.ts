import type { Caller } from '@numbernest/core/user';
import type { Claims } from '../lib/http';

const text = (value: Claims[string] | undefined) => (typeof value === 'string' && value ? value : undefined);

/**
 * The caller named by the JWT authorizer's claims. An id token carries `sub`, `email`,
 * `email_verified` and `cognito:username`; an access token `sub` and `username` but no e-mail.
 * API Gateway hands every claim over as a string ('true'), hence both spellings of true.
 */
export function callerOf(claims: Claims): Caller {
  const sub = String(claims.sub);
  const email = text(claims.email);
  return {
    sub,
    username: text(claims['cognito:username']) ?? text(claims.username) ?? sub,
    ...(email ? { email, emailVerified: claims.email_verified === true || claims.email_verified === 'true' } : {}),
  };
}

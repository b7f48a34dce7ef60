import { countsAsVerified, type Caller } from '@numbernest/core/accounts';
import type { Claims } from '../lib/http';

const text = (value: Claims[string] | undefined) => (typeof value === 'string' && value ? value : undefined);

/** An epoch-seconds claim, which API Gateway hands over as text. */
const seconds = (value: Claims[string] | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : undefined;
};

/**
 * The caller named by the JWT authorizer's claims. An id token carries `sub`, `email`,
 * `email_verified` and `cognito:username` (and `identities` for a Google user); an access token
 * `sub` and `username` but no e-mail. API Gateway hands every claim over as a string ('true'),
 * hence both spellings of true. Both carry `auth_time` and `iat`, for the session check.
 */
export function callerOf(claims: Claims): Caller {
  const sub = String(claims.sub);
  const email = text(claims.email);
  const authenticatedAt = seconds(claims.auth_time) ?? seconds(claims.iat);
  return {
    sub,
    username: text(claims['cognito:username']) ?? text(claims.username) ?? sub,
    ...(email ? { email, emailVerified: countsAsVerified(claims.email_verified, claims.identities) } : {}),
    ...(authenticatedAt === undefined ? {} : { authenticatedAt }),
  };
}

import type { NewUser } from './items';

/**
 * Cognito's `identities` (a user attribute, and a claim of their id tokens): a JSON list of the
 * outside providers the user signs in with (Google). It is set only on federated users; as an API
 * Gateway claim it arrives as text.
 */
export function isFederated(identities: unknown): boolean {
  if (Array.isArray(identities)) return identities.length > 0;
  return typeof identities === 'string' && !['', '[]'].includes(identities.trim());
}

/**
 * Whether the user's e-mail counts as verified: Cognito says so, or the user signs in through an
 * outside provider, which vouches for the address itself (Google only signs in with an address
 * it has verified; stacks/auth.ts also maps Google's `email_verified`, but the mapping is not
 * applied to users made before it).
 */
export function countsAsVerified(emailVerified: unknown, identities: unknown): boolean {
  return emailVerified === true || emailVerified === 'true' || isFederated(identities);
}

/** The account of a Cognito user, from the user attributes a trigger (or AdminGetUser) sees. */
export function newUserOf(attributes: Record<string, string | undefined>, now = new Date()): NewUser {
  const { sub, email } = attributes;
  if (!sub || !email) throw new Error('A Cognito user without sub or email');
  return { sub, email, emailVerifiedAt: countsAsVerified(attributes.email_verified, attributes.identities) ? now.toISOString() : null };
}

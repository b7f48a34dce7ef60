import { createHmac, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, ValidationError } from '../../shared/errors';
import { apiUrl, secret } from '../../shared/settings';
import { turnOffEmailForwarding } from '../../accounts';

/**
 * The unsubscribe link of a forwarded e-mail: turns e-mail forwarding off without signing in.
 * Token `e1.<sub, base64url>.<nonce>.<HMAC-SHA256(UnsubscribeSecret, "unsubscribe:email:<sub>:<nonce>"), base64url>`.
 * The nonce is the account's `forwardingEmailNonce`, made when e-mail forwarding was turned on, so
 * the link works once: using it turns forwarding off (the nonce stays, and a second use is told
 * so), and turning forwarding on again makes a new nonce that no old link carries.
 */
const version = 'e1';

const mac = (sub: string, nonce: string) => createHmac('sha256', secret('UnsubscribeSecret')).update(`unsubscribe:email:${sub}:${nonce}`, 'utf8').digest();

export function unsubscribeToken(sub: string, nonce: string): string {
  return [version, Buffer.from(sub, 'utf8').toString('base64url'), nonce, mac(sub, nonce).toString('base64url')].join('.');
}

/** The link in the e-mail's text and its `List-Unsubscribe` header (one-click POSTs to the same URL, RFC 8058). */
export const unsubscribeUrl = (sub: string, nonce: string) => `${apiUrl()}/api/unsubscribe/email?token=${encodeURIComponent(unsubscribeToken(sub, nonce))}`;

const invalid = () => new ForbiddenError('This unsubscribe link is not valid', 'UNSUBSCRIBE_LINK_INVALID');

/** The account and nonce of a token whose signature checks out; a malformed or forged one -> 403 UNSUBSCRIBE_LINK_INVALID. */
export function verifyUnsubscribeToken(token: string): { sub: string; nonce: string } {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== version || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) throw invalid();
  const [, subPart, nonce, signature] = parts as [string, string, string, string];
  const sub = Buffer.from(subPart, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(sub, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  return { sub, nonce };
}

/**
 * Turns e-mail forwarding off for the token's account: conditioned on it being on with the token's
 * nonce, so a used or out-of-date link changes nothing (400 UNSUBSCRIBE_LINK_USED).
 */
export async function unsubscribeEmail(token: string): Promise<void> {
  const { sub, nonce } = verifyUnsubscribeToken(token);
  if (!(await turnOffEmailForwarding(sub, nonce)))
    throw new ValidationError('This link was already used, or e-mail forwarding was turned on again since', {}, 'UNSUBSCRIBE_LINK_USED');
}

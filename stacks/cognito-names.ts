/**
 * Pure naming rules of the user pool (no SST globals, so unit tests can import this file; see
 * cognito-names.test.ts).
 */
import { createHash } from 'node:crypto';

/** Cognito refuses a hosted-UI prefix containing any of these. */
const reservedWords = ['aws', 'amazon', 'cognito'];
const maxPrefixLength = 63;
const suffixLength = 8;

/** Lower case; anything but letters and digits becomes one hyphen; reserved words removed; no hyphen at either end. */
function cleaned(text: string): string {
  let name = text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  // Removing a word may join two halves into another one ('aawsws'), so until none is left.
  while (reservedWords.some((word) => name.includes(word))) {
    for (const word of reservedWords) name = name.split(word).join('-');
  }
  return name.replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/**
 * The hosted-UI domain prefix (`<prefix>.auth.<region>.amazoncognito.com`) of a stage. It must be
 * unique across every AWS account in the region, so it ends with a hash of the account, app and
 * stage (hex digits never spell a reserved word, and keep two stages that clean up to the same
 * name apart); before it, the readable `<app>-<stage>`, cleaned to Cognito's rules (lower-case
 * letters, digits and hyphens, no hyphen at either end, at most 63 characters, none of
 * aws/amazon/cognito). The same inputs always give the same prefix, so deploys keep the domain.
 */
export function hostedUiDomainPrefix(app: string, stage: string, accountId: string): string {
  const suffix = createHash('sha256').update(`${accountId}/${app}/${stage}`).digest('hex').slice(0, suffixLength);
  const name = cleaned(`${app}-${stage}`)
    .slice(0, maxPrefixLength - suffixLength - 1)
    .replace(/-+$/, '');
  return name ? `${name}-${suffix}` : suffix;
}

/**
 * The SES identity Cognito sends from, given the stage's From setting (`no-reply@example.com` or
 * `NumberNest <no-reply@example.com>`): the address's domain, which is what SES verifies for
 * production sending (DKIM). Throws, failing the deploy with a clear message, on anything else.
 */
export function sesIdentityOf(from: string): { address: string; domain: string } {
  const address = (/<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  const domain = /^[^@\s]+@([a-z0-9-]+(\.[a-z0-9-]+)+)$/i.exec(address)?.[1];
  if (!domain) throw new Error(`SesFromAddress must be an e-mail address ("no-reply@example.com" or "Name <no-reply@example.com>"), not "${from}"`);
  return { address, domain: domain.toLowerCase() };
}

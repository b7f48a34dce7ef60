import type { OperatorRef } from '@numbernest/contracts/ops';
import { readItems, readPartition, transact, txConditionCheck, txDelete, txPutNew, txUpdate, type TransactPart } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { partnerItem } from '../../shared/db/items/partners';
import { ForbiddenError, NotFoundError } from '../../shared/errors';
import { auditPart } from '../operator/audit';
import { findUser, findUserByEmail, getUser, type Caller, type UserItem } from '../user';

/**
 * The partner role: a customer account that may plug SIM banks' agents into the platform. Operators
 * give and take it (the console, or `npm run ops -- grant-partner`); it is `partnerSince` on the profile,
 * which every partner route reads, so no token claim is needed and a revocation takes effect at once.
 */

/** Signed in, but not a partner (or no longer one): 403 on every partner route. */
export class PartnersOnlyError extends ForbiddenError {
  override name = 'PartnersOnlyError';
  constructor() {
    super('Only partners may do this', 'PARTNERS_ONLY');
  }
}

/** A partner in the operators' list. */
export interface PartnerRef {
  sub: string;
  email: string;
  since: string;
}

/** The caller's profile, when the account is a partner; else PartnersOnlyError (and getUser's refusals first). */
export async function requirePartner(caller: Caller): Promise<UserItem & { partnerSince: string }> {
  const user = await getUser(caller);
  if (!user.partnerSince) throw new PartnersOnlyError();
  return { ...user, partnerSince: user.partnerSince };
}

/** The account is a partner now (in the transaction that makes it an agent): else `onConditionFailed`. */
export const partnerCheckPart = (sub: string, onConditionFailed: () => Error): TransactPart =>
  txConditionCheck(userProfileItem, { sub }, { when: { partnerSince: { exists: true }, deletedAt: { absent: true } }, onConditionFailed });

const accountGone = (who: string) => () => new NotFoundError(`No account ${who}`, 'USER_NOT_FOUND');

/** The live account of an e-mail address, or USER_NOT_FOUND. */
async function accountOf(email: string): Promise<UserItem> {
  const user = await findUserByEmail(email);
  if (!user) throw accountGone(`with the e-mail ${email}`)();
  return user;
}

/** A grant or revoke that lost a race with another: the caller reads the account again. */
class PartnerChanged extends Error {
  constructor() {
    super('The partner role changed meanwhile');
  }
}

/** Makes the account a partner: `partnerSince`, its row in the partners' list and the audit entry, in one transaction. Idempotent. */
export async function grantPartner(email: string, by: OperatorRef, now = new Date()): Promise<PartnerRef> {
  const user = await accountOf(email);
  if (user.partnerSince) return { sub: user.sub, email: user.email, since: user.partnerSince };
  const since = now.toISOString();
  const gone = accountGone(`with the e-mail ${email}`);
  try {
    await transact([
      txUpdate(
        userProfileItem,
        { sub: user.sub },
        {
          set: { partnerSince: since },
          when: { partnerSince: { absent: true }, deletedAt: { absent: true } },
          onConditionFailed: (current) => (current && !current.deletedAt ? new PartnerChanged() : gone()),
        },
      ),
      txPutNew(partnerItem, { sub: user.sub, email: user.email, since }, () => new PartnerChanged()),
      auditPart({ operator: by, action: 'partner.grant', target: { type: 'user', id: user.sub }, before: { partner: false }, after: { partner: true } }, now),
    ]);
  } catch (error) {
    if (!(error instanceof PartnerChanged)) throw error;
    // Granted meanwhile by another operator: the role is there, as asked.
    const current = await findUser(user.sub);
    if (!current?.partnerSince) throw error;
    return { sub: user.sub, email: user.email, since: current.partnerSince };
  }
  return { sub: user.sub, email: user.email, since };
}

/** Ends the account's partner role at once (with the audit entry); its agents stay as they are. Idempotent. */
export async function revokePartner(email: string, by: OperatorRef): Promise<PartnerRef | undefined> {
  return revokePartnerOf(await accountOf(email), by);
}

/** revokePartner of the account `sub` (the console names accounts by their sub). */
export async function revokePartnerBySub(sub: string, by: OperatorRef): Promise<{ sub: string; email: string }> {
  const user = await findUser(sub);
  if (!user) throw accountGone(sub)();
  await revokePartnerOf(user, by);
  return { sub: user.sub, email: user.email };
}

async function revokePartnerOf(user: UserItem, by: OperatorRef, now = new Date()): Promise<PartnerRef | undefined> {
  if (!user.partnerSince) return undefined;
  const before: PartnerRef = { sub: user.sub, email: user.email, since: user.partnerSince };
  try {
    await transact([
      txUpdate(
        userProfileItem,
        { sub: user.sub },
        { remove: ['partnerSince'], when: { partnerSince: { equals: user.partnerSince } }, onConditionFailed: () => new PartnerChanged() },
      ),
      txDelete(partnerItem, { sub: user.sub }, { onConditionFailed: () => new PartnerChanged() }),
      auditPart({ operator: by, action: 'partner.revoke', target: { type: 'user', id: user.sub }, before: { partner: true }, after: { partner: false } }, now),
    ]);
  } catch (error) {
    // Revoked meanwhile by another operator: the role is gone, as asked.
    if (error instanceof PartnerChanged && !(await findUser(user.sub))?.partnerSince) return before;
    throw error;
  }
  return before;
}

/** Every partner, oldest first. */
export async function listPartners(): Promise<PartnerRef[]> {
  const partners = await readPartition(partnerItem, { sub: '' }, { consistent: true });
  return partners.sort((a, b) => a.since.localeCompare(b.since)).map(({ sub, email, since }) => ({ sub, email, since }));
}

/** Why a partner's agents may not serve customers now (undefined: they may). */
export type PartnerStanding = 'not-a-partner' | 'blocked' | 'deleted';

const standingOf = (user: UserItem | undefined): PartnerStanding | undefined =>
  !user || user.deletedAt ? 'deleted' : user.blocked ? 'blocked' : user.partnerSince ? undefined : 'not-a-partner';

/**
 * The accounts of `subs` whose agents must not serve now, and why: the role revoked, the account
 * blocked or deleted. One batch read, so the poller and every agent purchase can ask.
 */
export async function partnersBarred(subs: Iterable<string>): Promise<Map<string, PartnerStanding>> {
  const unique = [...new Set(subs)];
  if (!unique.length) return new Map();
  const profiles = new Map(
    (
      await readItems(
        userProfileItem,
        unique.map((sub) => ({ sub })),
      )
    ).map((user) => [user.sub, user]),
  );
  const barred = new Map<string, PartnerStanding>();
  for (const sub of unique) {
    const standing = standingOf(profiles.get(sub));
    if (standing) barred.set(sub, standing);
  }
  return barred;
}

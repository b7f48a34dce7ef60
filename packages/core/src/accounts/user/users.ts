import { defaultUserSettings, type UserSettings } from '@numbernest/contracts';
import { createItem, putItem, readItem, updateItem } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { emailPointerItem } from '../../shared/db/items/email-pointers';
import { NotFoundError } from '../../shared/errors';
import { AccountBlockedError, AccountDeletedError, EmailNotVerifiedError } from './errors';
import { lookupIdentity } from './identity';
import type { Caller, NewUser, UserItem } from './items';
import { assertSessionCurrent } from './sessions';

const userNotFound = () => new NotFoundError('User not found', 'USER_NOT_FOUND');

/** The profile as stored, tombstones included; strongly consistent (balances are read right after writes). */
export async function findUser(sub: string): Promise<UserItem | undefined> {
  return readItem(userProfileItem, { sub }, { consistent: true });
}

/**
 * Creates the user with a zero balance and default settings, exactly once: the Put only
 * succeeds while no profile exists, so concurrent first calls (and the trigger) race safely and
 * every loser gets the winner's item.
 */
export async function createUserOnce(input: NewUser): Promise<{ user: UserItem; created: boolean }> {
  const user: UserItem = {
    sub: input.sub,
    email: input.email,
    ...(input.emailVerifiedAt ? { emailVerifiedAt: input.emailVerifiedAt } : {}),
    balanceCents: 0,
    settings: defaultUserSettings,
    unreadCount: 0,
    createdAt: new Date().toISOString(),
  };
  if (await createItem(userProfileItem, user)) {
    // The newest account of an address wins it (a deleted account's address may sign up again).
    if (user.email) await putItem(emailPointerItem, { email: user.email, sub: user.sub });
    return { user, created: true };
  }
  const existing = await findUser(input.sub);
  if (!existing) throw userNotFound(); // cannot happen: profiles are never removed
  return { user: existing, created: false };
}

/** What a new user is made of: the id token's e-mail, or Cognito's record for an access token. */
async function newUserFor(caller: Caller): Promise<NewUser> {
  const { email, emailVerified } = caller.email ? { email: caller.email, emailVerified: caller.emailVerified } : await lookupIdentity(caller.username);
  return { sub: caller.sub, email, emailVerifiedAt: emailVerified ? new Date().toISOString() : null };
}

/** Records a verification seen in a token (once; a concurrent call may already have done it). */
async function markEmailVerified(user: UserItem): Promise<UserItem> {
  const marked = await updateItem(
    userProfileItem,
    { sub: user.sub },
    { set: { emailVerifiedAt: new Date().toISOString() }, when: { emailVerifiedAt: { absent: true } } },
  );
  return marked ?? (await findUser(user.sub)) ?? user;
}

/** The caller's profile as stored (tombstones included), made first if it is not there yet (still exactly once). */
async function profileOf(caller: Caller): Promise<UserItem> {
  return (await findUser(caller.sub)) ?? (await createUserOnce(await newUserFor(caller))).user;
}

/**
 * The caller's profile, for every user route. Made on first read if the PostConfirmation trigger
 * has not made it yet. A blocked account -> AccountBlockedError (403), checked first so that the
 * tokens the block revoked say why rather than "session ended"; a token of a session that has
 * ended -> SessionEndedError (401, see sessions.ts); a deleted account -> AccountDeletedError (404).
 * `allowBlocked`: only for signing out, which a blocked user may still do.
 */
export async function getUser(caller: Caller, options: { allowBlocked?: boolean } = {}): Promise<UserItem> {
  const user = await profileOf(caller);
  if (user.blocked && !options.allowBlocked) throw new AccountBlockedError();
  assertSessionCurrent(user, caller);
  if (user.deletedAt) throw new AccountDeletedError();
  return caller.emailVerified && !user.emailVerifiedAt ? markEmailVerified(user) : user;
}

/**
 * getUser, for what needs a verified e-mail (balance, notifications): else EmailNotVerifiedError (403).
 * Verified means the stored time is set or the id token says so. An access token says nothing,
 * so while the stored time is unset Cognito is asked (once it is set, never again).
 */
export async function getVerifiedUser(caller: Caller): Promise<UserItem> {
  const user = await getUser(caller);
  if (user.emailVerifiedAt) return user;
  if (caller.email === undefined && (await lookupIdentity(caller.username)).emailVerified) return markEmailVerified(user);
  throw new EmailNotVerifiedError();
}

/** Replaces the settings of a live account. */
export async function updateSettings(sub: string, settings: UserSettings): Promise<UserItem> {
  const updated = await updateItem(
    userProfileItem,
    { sub },
    {
      set: { settings },
      when: { deletedAt: { absent: true } },
      onConditionFailed: (current) => (current ? new AccountDeletedError() : userNotFound()),
    },
  );
  // Defined: a failed condition threw.
  return updated!;
}

/**
 * Soft delete: the profile becomes a tombstone (deletion time, balance and e-mail kept, so money
 * is never lost and support can still settle it). Idempotent, so a failed Cognito deletion after
 * it can simply be retried (with the same token: its session ends only once the sign-in is gone). A
 * caller without a profile yet gets one first, then the tombstone.
 */
export async function deleteUser(caller: Caller): Promise<UserItem> {
  const profile = await profileOf(caller);
  // A blocked account stays for the operators to settle: deleting it is refused like every user route.
  if (profile.blocked) throw new AccountBlockedError();
  assertSessionCurrent(profile, caller);
  const deleted = await updateItem(
    userProfileItem,
    { sub: caller.sub },
    { setIfUnset: { deletedAt: new Date().toISOString() }, onConditionFailed: userNotFound },
  );
  // Defined: a failed condition (no profile, which profileOf has just ruled out) threw.
  return deleted!;
}

/** The live account that holds this e-mail address, if any. */
export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const sub = await subOfEmailPointer(email);
  const user = sub === undefined ? undefined : await findUser(sub);
  return user && !user.deletedAt ? user : undefined;
}

/** The account that holds this e-mail address now (the pointer alone; the account may be deleted). */
export async function subOfEmailPointer(email: string): Promise<string | undefined> {
  return (await readItem(emailPointerItem, { email }, { consistent: true }))?.sub;
}

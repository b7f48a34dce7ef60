import type { OperatorRef } from '@numbernest/contracts/ops';
import { transact, txUpdate } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { auditPart } from '../operator/audit';
import type { UserItem } from './items';
import { findUser } from './users';

export type BlockState = NonNullable<UserItem['blocked']>;

const userNotFound = () => new NotFoundError('User not found', 'USER_NOT_FOUND');
const alreadyBlocked = () => new ConflictError('This account is already blocked', 'ALREADY_BLOCKED');
const notBlocked = () => new ConflictError('This account is not blocked', 'NOT_BLOCKED');

/** The live account of a sub, or USER_NOT_FOUND (a deleted account cannot be used anyway). */
async function liveAccount(sub: string): Promise<UserItem> {
  const user = await findUser(sub);
  if (!user || user.deletedAt) throw userNotFound();
  return user;
}

/**
 * Blocks an account: `blocked` on the profile, with its audit entry in the same transaction. From
 * then on every user route refuses it (getUser) and so does the developer API; the caller ends its
 * sessions (tokens and sockets). Money stays: no ledger entry, the balance is what it was.
 */
export async function blockUser(sub: string, reason: string, by: OperatorRef, now = new Date()): Promise<BlockState> {
  if (sub === by.sub) throw new ConflictError('Operators cannot block their own account', 'CANNOT_BLOCK_SELF');
  const user = await liveAccount(sub);
  if (user.blocked) throw alreadyBlocked();
  const blocked: BlockState = { since: now.toISOString(), reason, by };
  await transact([
    txUpdate(
      userProfileItem,
      { sub },
      {
        set: { blocked },
        when: { deletedAt: { absent: true }, blocked: { absent: true } },
        onConditionFailed: (current) => (!current || current.deletedAt ? userNotFound() : alreadyBlocked()),
      },
    ),
    auditPart({ operator: by, action: 'user.block', target: { type: 'user', id: sub }, before: { blocked: null }, after: { blocked }, reason }, now),
  ]);
  return blocked;
}

/** Lifts a block (audited in the same transaction): the account's next sign-in works again. */
export async function unblockUser(sub: string, reason: string | undefined, by: OperatorRef, now = new Date()): Promise<void> {
  const user = await liveAccount(sub);
  if (!user.blocked) throw notBlocked();
  await transact([
    // Only the block that was read: one lifted and placed again meanwhile is not this one.
    txUpdate(userProfileItem, { sub }, { remove: ['blocked'], when: { blocked: { equals: user.blocked } }, onConditionFailed: notBlocked }),
    auditPart(
      {
        operator: by,
        action: 'user.unblock',
        target: { type: 'user', id: sub },
        before: { blocked: user.blocked },
        after: { blocked: null },
        ...(reason ? { reason } : {}),
      },
      now,
    ),
  ]);
}

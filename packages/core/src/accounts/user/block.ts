import type { OperatorRef } from '@numbernest/contracts/ops';
import { failedCondition, tableName, transactWrite } from '../../shared/db';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { auditPut } from '../operator/audit';
import type { UserItem } from './items';
import { userKeys } from './keys';
import { findUser } from './users';

export type BlockState = NonNullable<UserItem['blocked']>;

/** The live account of a sub, or USER_NOT_FOUND (a deleted account cannot be used anyway). */
async function liveAccount(sub: string): Promise<UserItem> {
  const user = await findUser(sub);
  if (!user || user.deletedAt) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
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
  if (user.blocked) throw new ConflictError('This account is already blocked', 'ALREADY_BLOCKED');
  const blocked: BlockState = { since: now.toISOString(), reason, by };
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: userKeys.profile(sub),
          UpdateExpression: 'SET blocked = :blocked',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND attribute_not_exists(blocked)',
          ExpressionAttributeValues: { ':blocked': blocked },
        },
      },
      auditPut({ operator: by, action: 'user.block', target: { type: 'user', id: sub }, before: { blocked: null }, after: { blocked }, reason }, now),
    ]);
  } catch (error) {
    if (!failedCondition(error)) throw error;
    await liveAccount(sub); // deleted meanwhile -> 404
    throw new ConflictError('This account is already blocked', 'ALREADY_BLOCKED');
  }
  return blocked;
}

/** Lifts a block (audited in the same transaction): the account's next sign-in works again. */
export async function unblockUser(sub: string, reason: string | undefined, by: OperatorRef, now = new Date()): Promise<void> {
  const user = await liveAccount(sub);
  if (!user.blocked) throw new ConflictError('This account is not blocked', 'NOT_BLOCKED');
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: userKeys.profile(sub),
          UpdateExpression: 'REMOVE blocked',
          ConditionExpression: 'attribute_exists(blocked) AND blocked.since = :since',
          ExpressionAttributeValues: { ':since': user.blocked.since },
        },
      },
      auditPut(
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
  } catch (error) {
    if (!failedCondition(error)) throw error;
    throw new ConflictError('This account is not blocked', 'NOT_BLOCKED');
  }
}

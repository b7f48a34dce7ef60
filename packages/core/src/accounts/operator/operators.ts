import { operatorsGroup, type OperatorRef } from '@numbernest/contracts/ops';
import { transact, txUpdate } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { ForbiddenError, NotFoundError } from '../../shared/errors';
import { addToGroup, findUserByEmail, getUser, removeFromGroup, type Caller, type UserItem } from '../user';
import { auditPart } from './audit';

/** Signed in, but not an operator (or no longer one): 403 on every /api/ops route. */
export class OperatorsOnlyError extends ForbiddenError {
  override name = 'OperatorsOnlyError';
  constructor() {
    super('Only operators may do this', 'OPERATORS_ONLY');
  }
}

/** The groups of a token's `cognito:groups` claim, as API Gateway hands it over (`[a b]`) or as an array. */
export function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * The operator behind a request to /api/ops, or OperatorsOnlyError. Both must agree: the token's
 * group (what Cognito said when it was issued) and the profile read now (`operatorSince`, which
 * revoke-operator removes), so a revocation takes effect at once although the token lives on.
 */
export async function requireOperator(caller: Caller, groups: readonly string[]): Promise<{ user: UserItem; operator: OperatorRef }> {
  const user = await getUser(caller);
  if (!groups.includes(operatorsGroup) || !user.operatorSince) throw new OperatorsOnlyError();
  return { user, operator: { sub: user.sub, email: user.email } };
}

const accountGone = (email: string) => () => new NotFoundError(`No account with the e-mail ${email}`, 'USER_NOT_FOUND');

/** The live account of an e-mail address, or USER_NOT_FOUND. */
async function accountOf(email: string): Promise<UserItem> {
  const user = await findUserByEmail(email);
  if (!user) throw accountGone(email)();
  return user;
}

/**
 * Makes the account an operator: the Cognito group (its next tokens carry it) and `operatorSince`
 * on the profile, with the audit entry in the same transaction. Idempotent. Only the command line
 * calls this: there is no API to make an operator.
 */
export async function grantOperator(email: string, by: OperatorRef): Promise<UserItem> {
  const user = await accountOf(email);
  await addToGroup(user.email, operatorsGroup);
  if (user.operatorSince) return user;
  const since = new Date().toISOString();
  await transact([
    txUpdate(userProfileItem, { sub: user.sub }, { setIfUnset: { operatorSince: since }, onConditionFailed: accountGone(email) }),
    auditPart({ operator: by, action: 'operator.grant', target: { type: 'user', id: user.sub }, before: { operator: false }, after: { operator: true } }),
  ]);
  return { ...user, operatorSince: since };
}

/**
 * Ends the account's operator rights at once: `operatorSince` goes (every /api/ops request checks
 * it), then the Cognito group (new tokens lose it). Idempotent; the customer account stays.
 */
export async function revokeOperator(email: string, by: OperatorRef): Promise<UserItem> {
  const user = await accountOf(email);
  if (user.operatorSince) {
    await transact([
      txUpdate(userProfileItem, { sub: user.sub }, { remove: ['operatorSince'], onConditionFailed: accountGone(email) }),
      auditPart({ operator: by, action: 'operator.revoke', target: { type: 'user', id: user.sub }, before: { operator: true }, after: { operator: false } }),
    ]);
  }
  await removeFromGroup(user.email, operatorsGroup);
  const { operatorSince: _gone, ...rest } = user;
  return rest;
}

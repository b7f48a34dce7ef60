import type { OperatorRef } from '@numbernest/contracts/ops';
import { groupsOf, requireOperator } from '@numbernest/core/accounts';
import type { Claims } from '../lib/http';
import { UnauthorizedError } from '../lib/error-reply';
import { callerOf } from './caller';

/** The operator making an /api/ops request: no token -> 401, not (or no longer) an operator -> 403. */
export async function operatorOf(claims: Claims | undefined): Promise<OperatorRef> {
  if (!claims) throw new UnauthorizedError();
  return (await requireOperator(callerOf(claims), groupsOf(claims['cognito:groups']))).operator;
}

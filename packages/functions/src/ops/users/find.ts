import { opsUserSearchSchema, type OpsUserReply } from '@numbernest/contracts/ops';
import { customerSummary, findCustomerByEmail } from '@numbernest/core/operations';
import { NotFoundError } from '@numbernest/core/errors';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users?email= -> the account of that e-mail (exact, any case; deleted ones too), or 404 USER_NOT_FOUND. */
export const handler = opsHandler({ query: opsUserSearchSchema }, async ({ query }): Promise<OpsUserReply> => {
  const user = await findCustomerByEmail(query.email);
  if (!user) throw new NotFoundError('No account uses this e-mail', 'USER_NOT_FOUND');
  return { message: 'success', data: await customerSummary(user) };
});

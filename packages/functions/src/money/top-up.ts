import { topUpParamsSchema, type TopUpReply } from '@numbernest/contracts';
import { getTopUpOf, toTopUp } from '@numbernest/core/money';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/top-ups/{id}: the owner's top-up and its real status (anyone else: 404). */
export const handler = httpHandler({ auth: true, params: topUpParamsSchema }, async ({ claims, params }): Promise<TopUpReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: toTopUp(await getTopUpOf(user.sub, params.id)) };
});

import { topUpRequestSchema, type CreateTopUpReply } from '@numbernest/contracts';
import { createTopUp, toTopUp } from '@numbernest/core/money';
import { toCents } from '@numbernest/core/pricing';
import { topUpLimit, requireWithinLimit } from '@numbernest/core/rate-limit';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler, withStatus } from '../lib/http';

/**
 * POST /api/user/top-ups { amount, provider } -> 201 the pending top-up and the checkout the browser
 * goes to. 10 per 10 minutes per user (429 beyond, nothing made at the provider).
 */
export const handler = httpHandler({ auth: true, body: topUpRequestSchema }, async ({ claims, body }) => {
  const user = await getVerifiedUser(callerOf(claims));
  await requireWithinLimit(topUpLimit, user.sub);
  const { topUp, checkout } = await createTopUp(user, toCents(body.amount), body.provider);
  const { paid_at: _notYet, ...data } = toTopUp(topUp);
  return withStatus<CreateTopUpReply>(201, { message: 'success', data: { ...data, checkout } });
});

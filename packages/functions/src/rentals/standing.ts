import type { StandingReply } from '@numbernest/contracts';
import { getStanding } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/standing: the caller's standing (tier, recent outcomes, numbers held and the limit). */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<StandingReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: await getStanding(user.sub) };
});

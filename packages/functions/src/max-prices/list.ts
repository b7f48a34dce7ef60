import type { MaxPricesReply } from '@numbernest/contracts';
import { getUser } from '@numbernest/core/accounts';
import { listMaxPrices } from '@numbernest/core/developer';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { maxPriceView } from './view';

/** GET /api/user/max-prices: the caller's saved price limits, by service id. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<MaxPricesReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: (await listMaxPrices(user.sub)).map(maxPriceView) };
});

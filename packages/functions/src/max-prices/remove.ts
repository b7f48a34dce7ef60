import { maxPriceParamsSchema, type StatusReply } from '@numbernest/contracts';
import { getUser } from '@numbernest/core/accounts';
import { removeMaxPrice } from '@numbernest/core/developer';
import { NotFoundError } from '@numbernest/core/errors';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** DELETE /api/user/max-prices/{serviceId}: the service's limit is gone; 404 when there was none. */
export const handler = httpHandler({ auth: true, params: maxPriceParamsSchema }, async ({ claims, params }): Promise<StatusReply> => {
  const user = await getUser(callerOf(claims));
  if (!(await removeMaxPrice(user.sub, params.serviceId))) throw new NotFoundError('No price limit for this service', 'MAX_PRICE_NOT_FOUND');
  return { status: 'success', message: 'Price limit removed' };
});

import { maxPriceParamsSchema, putMaxPriceRequestSchema, type MaxPriceReply } from '@numbernest/contracts';
import { getUser } from '@numbernest/core/accounts';
import { saveMaxPrice } from '@numbernest/core/developer';
import { toCents } from '@numbernest/core/pricing';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { maxPriceView } from './view';

/** PUT /api/user/max-prices/{serviceId} {price} (dollars): creates or changes the service's limit; 400 for a service the catalogue lacks. */
export const handler = httpHandler(
  { auth: true, params: maxPriceParamsSchema, body: putMaxPriceRequestSchema },
  async ({ claims, params, body }): Promise<MaxPriceReply> => {
    const user = await getUser(callerOf(claims));
    return { message: 'success', data: maxPriceView(await saveMaxPrice(user.sub, params.serviceId, toCents(body.price))) };
  },
);

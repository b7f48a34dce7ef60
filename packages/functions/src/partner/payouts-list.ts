import type { PayoutsReply } from '@numbernest/contracts';
import { listPayoutsOf, toPayoutView } from '@numbernest/core/money';
import { partnerHandler } from '../lib/partner';

/** GET /api/user/partner/payouts -> the caller's payouts, newest first. */
export const handler = partnerHandler({}, async ({ partner }): Promise<PayoutsReply> => ({
  data: (await listPayoutsOf(partner.sub)).map(toPayoutView),
}));

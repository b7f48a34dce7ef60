import { opsPayoutsQuerySchema, type OpsPayoutsReply } from '@numbernest/contracts';
import { listPayouts, toOpsPayoutView } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/payouts?status=requested|paid|refused -> the open payouts oldest first (the default), or the latest decided ones. */
export const handler = opsHandler({ query: opsPayoutsQuerySchema }, async ({ query }): Promise<OpsPayoutsReply> => ({
  data: (await listPayouts(query.status ?? 'requested')).map(toOpsPayoutView),
}));

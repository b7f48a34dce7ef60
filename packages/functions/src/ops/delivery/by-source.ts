import type { DeliveryBySourceReply } from '@numbernest/contracts/ops';
import { deliveryBySourceView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/delivery-by-source -> each source's purchases, codes, reports, rate, time to code and margin over 30 days, most purchases first. */
export const handler = opsHandler({}, async (): Promise<DeliveryBySourceReply> => deliveryBySourceView());

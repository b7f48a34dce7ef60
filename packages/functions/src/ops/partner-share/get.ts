import type { PartnerShareReply } from '@numbernest/contracts';
import { partnerShareView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/partner-share -> the partners' default share and every rule per country and service, most specific first. */
export const handler = opsHandler({}, async (): Promise<PartnerShareReply> => ({ data: await partnerShareView() }));

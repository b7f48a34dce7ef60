import { putPartnerShareRequestSchema, type PartnerShareReply } from '@numbernest/contracts';
import { partnerShareView, setPartnerShare } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** PUT /api/ops/partner-share {default_percent} | {country_id, service_id, percent} -> the rules after it (audited; 400 an id outside the catalogue). */
export const handler = opsHandler({ body: putPartnerShareRequestSchema }, async ({ body, operator }): Promise<PartnerShareReply> => ({
  data: await partnerShareView(await setPartnerShare(body, operator)),
}));

import { partnerShareRuleParamsSchema, type PartnerShareReply } from '@numbernest/contracts';
import { partnerShareView, removePartnerShareRule } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** DELETE /api/ops/partner-share/rules/{country}/{service} (ids or `any`) -> the rules after it (audited; 404 no such rule). */
export const handler = opsHandler({ params: partnerShareRuleParamsSchema }, async ({ params, operator }): Promise<PartnerShareReply> => ({
  data: await partnerShareView(await removePartnerShareRule(params, operator)),
}));

import { putSourceRuleRequestSchema, type SourceRulesReply } from '@numbernest/contracts';
import { setSourceRule, sourceRulesView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** PUT /api/ops/source-rules {country_id, service_id|null, pin? | exclude?} -> the rules after it (neither: the rule removed; audited). */
export const handler = opsHandler({ body: putSourceRuleRequestSchema }, async ({ body, operator }): Promise<SourceRulesReply> => ({
  data: await sourceRulesView(await setSourceRule(body, operator)),
}));

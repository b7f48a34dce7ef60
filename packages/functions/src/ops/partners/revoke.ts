import { partnerParamsSchema, type RevokedPartnerReply } from '@numbernest/contracts';
import { revokePartnerBySub } from '@numbernest/core/accounts';
import { opsHandler } from '../../lib/ops';

/** DELETE /api/ops/partners/{sub} -> the account is no longer a partner, at once (idempotent; audited; its agents stay). */
export const handler = opsHandler({ params: partnerParamsSchema }, async ({ params, operator }): Promise<RevokedPartnerReply> => ({
  data: await revokePartnerBySub(params.sub, operator),
}));

import { grantPartnerRequestSchema, type OpsPartnerReply } from '@numbernest/contracts';
import { grantPartnerAccount } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/partners {email} -> the account is a partner (idempotent; audited; 404 no such account). */
export const handler = opsHandler({ body: grantPartnerRequestSchema }, async ({ body, operator }): Promise<OpsPartnerReply> => ({
  data: await grantPartnerAccount(body.email, operator),
}));

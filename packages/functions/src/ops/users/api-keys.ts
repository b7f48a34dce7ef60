import { opsUserParamsSchema, type OpsApiKeysReply } from '@numbernest/contracts/ops';
import { customerApiKeys, getCustomer } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/users/{sub}/api-keys -> the customer's API keys, revoked ones too: names and times, never the key. */
export const handler = opsHandler({ params: opsUserParamsSchema }, async ({ params }): Promise<OpsApiKeysReply> => {
  await getCustomer(params.sub);
  return { data: await customerApiKeys(params.sub) };
});

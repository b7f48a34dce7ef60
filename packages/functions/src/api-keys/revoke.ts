import { apiKeyParamsSchema, type StatusReply } from '@numbernest/contracts';
import { revokeApiKey } from '@numbernest/core/developer';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** DELETE /api/user/api-keys/{id}: the key stops working at once; 404 if not the caller's live key. */
export const handler = httpHandler({ auth: true, params: apiKeyParamsSchema }, async ({ claims, params }): Promise<StatusReply> => {
  const user = await getUser(callerOf(claims));
  await revokeApiKey(user.sub, params.id);
  return { status: 'success', message: 'API key revoked' };
});

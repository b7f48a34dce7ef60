import type { ApiKeysReply } from '@numbernest/contracts';
import { listApiKeys, maxLiveKeys } from '@numbernest/core/developer';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/api-keys: the caller's live keys (name, created, last used); never the keys themselves. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<ApiKeysReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await listApiKeys(user.sub), max: maxLiveKeys };
});

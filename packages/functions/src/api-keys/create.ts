import { createApiKeyRequestSchema, type CreatedApiKeyReply } from '@numbernest/contracts';
import { createApiKey } from '@numbernest/core/developer';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { withStatus } from '../lib/reply';

/** POST /api/user/api-keys {name} -> 201 with the key, shown once; 409 past 5 live keys; 403 unverified. */
export const handler = httpHandler({ auth: true, body: createApiKeyRequestSchema }, async ({ claims, body }) => {
  const user = await getVerifiedUser(callerOf(claims));
  const { key, apiKey } = await createApiKey(user, body.name);
  return withStatus<CreatedApiKeyReply>(201, { message: 'success', data: apiKey, key });
});

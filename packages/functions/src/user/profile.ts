import type { User } from '@numbernest/contracts';
import { getUser, toUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user -> { data: { id, email, email_verified_at, balance, settings } } of the caller (made on first call). */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<{ data: User }> => ({
  data: toUser(await getUser(callerOf(claims))),
}));

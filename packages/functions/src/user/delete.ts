import type { StatusReply } from '@numbernest/contracts';
import { deleteIdentity, deleteUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { endSessions } from '../auth/revocation';
import { httpHandler } from '../lib/http';

/**
 * DELETE /api/user -> status reply. First the account becomes a tombstone (balance kept), then the
 * Cognito user is deleted, then the tokens already issued are revoked (every user route answers
 * 401 to them) and open WebSockets close. Each step is idempotent and the token stays good until the last, so a failure
 * half-way is fixed by retrying.
 */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<StatusReply> => {
  const caller = callerOf(claims);
  await deleteUser(caller);
  await deleteIdentity(caller.username);
  await endSessions(caller.sub);
  return { status: 'success', message: 'Your account has been deleted' };
});

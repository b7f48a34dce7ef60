import type { StatusReply } from '@numbernest/contracts';
import { deleteIdentity, deleteUser } from '@numbernest/core/user';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/**
 * DELETE /api/user -> status reply. First the account becomes a tombstone (balance kept), then the
 * Cognito user is deleted; both steps are idempotent, so a failure in between is fixed by retrying.
 * Tokens already issued stay valid until they expire; with them every user route answers 404.
 */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<StatusReply> => {
  const caller = callerOf(claims);
  await deleteUser(caller);
  await deleteIdentity(caller.username);
  return { status: 'success', message: 'Your account has been deleted' };
});

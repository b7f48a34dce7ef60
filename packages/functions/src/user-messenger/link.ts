import { messengerLinkRequestSchema, type MessengerLinkReply } from '@numbernest/contracts/messenger';
import { createMessengerLink } from '@numbernest/core/channels';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { languageOfRequest } from './language';

/** POST /api/user/messenger/link -> a one-time m.me link with its reference (10 minutes) that links the person who opens it. */
export const handler = httpHandler({ auth: true, body: messengerLinkRequestSchema }, async ({ claims, body, event }): Promise<MessengerLinkReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  // The bot speaks the language of the page that asked for the link.
  const { url, ref, expiresAt } = await createMessengerLink(user.sub, body.language ?? languageOfRequest(event.headers?.['accept-language']));
  return { message: 'success', data: { url, ref, expires_at: expiresAt } };
});

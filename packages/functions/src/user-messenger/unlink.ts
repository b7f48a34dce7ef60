import type { MessengerUnlinkReply } from '@numbernest/contracts/messenger';
import { log } from '@numbernest/core/log';
import { deliveryFor, messengerReplies, sendMessengerText, unlinkMessengerAccount } from '@numbernest/core/channels';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { languageOfRequest } from './language';

/** DELETE /api/user/messenger/link: Unlink. The person is told, inside the window only (best effort: they may have blocked the Page). */
export const handler = httpHandler({ auth: true }, async ({ claims, event }): Promise<MessengerUnlinkReply> => {
  const user = await getUser(callerOf(claims));
  const link = await unlinkMessengerAccount(user.sub);
  if (link) {
    const delivery = deliveryFor(link.lastInboundAt);
    // An unlink is not an account update Meta's tag allows once the window has closed: then the chat is not told.
    if (delivery.messaging_type === 'RESPONSE') {
      await sendMessengerText(link.psid, messengerReplies.stopped(languageOfRequest(event.headers?.['accept-language']))).catch((error: unknown) =>
        log.warn('messenger notice failed', { error: String(error) }),
      );
    }
  }
  return { message: 'success', data: { messenger_linked: false } };
});

import type { TelegramLinkReply } from '@numbernest/contracts/telegram';
import { createLinkCode, telegramBot } from '@numbernest/core/channels';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/telegram/link -> a one-time t.me link with its code (10 minutes) that links the chat pressing Start. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<TelegramLinkReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  const [{ code, expiresAt }, bot] = await Promise.all([createLinkCode(user.sub), telegramBot()]);
  return { message: 'success', data: { url: `https://t.me/${bot.username}?start=${code}`, code, expires_at: expiresAt } };
});

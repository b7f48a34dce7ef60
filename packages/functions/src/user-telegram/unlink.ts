import type { TelegramUnlinkReply } from '@numbernest/contracts/telegram';
import { log } from '@numbernest/core/log';
import { languageOf, sendTelegramMessage, telegramWords, unlinkAccount } from '@numbernest/core/channels';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** DELETE /api/user/telegram/link: Disconnect. The chat is told (best effort: it may have blocked the bot). */
export const handler = httpHandler({ auth: true }, async ({ claims, event }): Promise<TelegramUnlinkReply> => {
  const user = await getUser(callerOf(claims));
  const chatId = await unlinkAccount(user.sub);
  if (chatId !== undefined) {
    // In the language of the page that pressed Disconnect.
    const words = telegramWords[languageOf(event.headers?.['accept-language'])];
    await sendTelegramMessage(chatId, words.disconnectedFromSite).catch((error: unknown) => log.warn('telegram notice failed', { error: String(error) }));
  }
  return { message: 'success', data: { telegram_linked: false } };
});

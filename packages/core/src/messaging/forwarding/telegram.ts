import { sendTelegramMessage, telegramSmsMessage, telegramChatOf } from '../../channels';
import type { ChannelSender } from './channel';

/**
 * Telegram: to the account's linked chat, the code alone on its own line (a code entity) and the
 * SMS text as plain text (entities, never a parse mode). No chat any more: not worth a retry.
 */
export const telegramSender: ChannelSender = {
  channel: 'telegram',
  async send({ user, message, rental }) {
    const chatId = await telegramChatOf(user.sub);
    if (chatId === undefined) return { ok: false, error: 'not-linked', retry: false };
    const verified = message.verified !== false;
    const { text, entities } = telegramSmsMessage({
      service: rental?.serviceName ?? null,
      number: message.to,
      from: message.from,
      body: message.body,
      code: verified ? (message.code ?? null) : null,
    });
    try {
      await sendTelegramMessage(chatId, text, { entities });
      return { ok: true };
    } catch (error) {
      return { ok: false, error: 'send-failed', retry: true, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  },
};

import { MessengerRecipientGoneError, messengerLinkOf, sendMessengerSms, unlinkMessengerPerson } from '../../channels';
import type { ChannelSender } from './channel';

/**
 * Messenger: to the account's linked person, the code alone on its own line and the SMS as plain
 * text; RESPONSE inside the 24-hour window, the ACCOUNT_UPDATE tag after it. No link any more: not
 * worth a retry. The person blocked the Page (or left Messenger): they are unlinked, no retry.
 * Messenger down or refusing otherwise: retried.
 */
export const messengerSender: ChannelSender = {
  channel: 'messenger',
  async send({ user, message, rental }) {
    const link = await messengerLinkOf(user.sub);
    if (!link) return { ok: false, error: 'not-linked', retry: false };
    const verified = message.verified !== false;
    try {
      const { id } = await sendMessengerSms(link, {
        number: message.to,
        sender: rental?.serviceName ?? message.from,
        code: verified ? (message.code ?? null) : null,
        text: message.body,
      });
      return { ok: true, providerId: id };
    } catch (error) {
      if (error instanceof MessengerRecipientGoneError) {
        await unlinkMessengerPerson(link.psid);
        return { ok: false, error: 'not-linked', retry: false, detail: 'the person no longer takes messages from the Page; unlinked' };
      }
      return { ok: false, error: 'send-failed', retry: true, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  },
};

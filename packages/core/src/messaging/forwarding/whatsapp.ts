import { sendWhatsAppSms, whatsappNumberOf } from '../../channels';
import type { ChannelSender } from './channel';

/**
 * WhatsApp: the SMS template to the account's verified number (its text as a template parameter,
 * never markup). No verified number any more: not worth a retry; WhatsApp down or refusing: retried.
 */
export const whatsappSender: ChannelSender = {
  channel: 'whatsapp',
  async send({ user, message, rental }) {
    const to = await whatsappNumberOf(user.sub);
    if (!to) return { ok: false, error: 'not-linked', retry: false };
    const verified = message.verified !== false;
    try {
      const { id } = await sendWhatsAppSms(to, { service: rental?.serviceName ?? null, code: verified ? (message.code ?? null) : null, text: message.body });
      return { ok: true, providerId: id };
    } catch (error) {
      return { ok: false, error: 'send-failed', retry: true, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  },
};

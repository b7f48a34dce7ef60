import { sendPush, smsPushNotification } from '../../notifications';
import type { ChannelSender } from './channel';

/**
 * Web Push: one encrypted notification to each browser the owner subscribed (the code in its title,
 * a click opens the rental). Delivered to at least one browser: sent (a browser that failed is not
 * retried, or the others would get it twice). None left (all gone): not linked; all failed: retried.
 */
export const pushSender: ChannelSender = {
  channel: 'push',
  async send({ user, message, rental }) {
    const verified = message.verified !== false;
    const notification = smsPushNotification({
      rentalId: message.rentalId,
      service: rental?.serviceName ?? null,
      code: verified ? (message.code ?? null) : null,
      text: message.body,
    });
    const { sent, failed } = await sendPush(user.sub, notification);
    if (sent > 0) return { ok: true };
    if (failed === 0) return { ok: false, error: 'not-linked', retry: false };
    return { ok: false, error: 'send-failed', retry: true, detail: `${failed} browser(s) failed` };
  },
};

import { sendEmail } from '../../shared/mail/send';
import { siteUrl } from '../../shared/settings';
import type { ChannelSender } from './channel';
import { forwardedSmsEmail } from './email-content';
import { unsubscribeUrl } from './unsubscribe';

/**
 * E-mail: to the account's verified address (SES v2 on a stage; the local SES stand-in, so the
 * local mailbox, locally), with a one-time unsubscribe link in the text and the HTML and in a
 * `List-Unsubscribe` header with the one-click POST variant (RFC 8058). An SES error is worth a
 * retry; an account without a verified address is not.
 */
export const emailSender: ChannelSender = {
  channel: 'email',
  async send({ user, message, rental }) {
    if (!user.emailVerifiedAt || !user.email || !user.forwardingEmailNonce) return { ok: false, error: 'email-not-verified', retry: false };
    const unsubscribe = unsubscribeUrl(user.sub, user.forwardingEmailNonce);
    const verified = message.verified !== false;
    const content = forwardedSmsEmail({
      service: rental?.serviceName ?? message.from,
      code: verified ? message.code : null,
      from: message.from,
      number: message.to,
      body: message.body,
      receivedAt: message.createdAt,
      verified,
      rentalUrl: `${siteUrl()}/dashboard/my-number/${encodeURIComponent(message.rentalId)}`,
      unsubscribeUrl: unsubscribe,
    });
    try {
      const id = await sendEmail({
        to: user.email,
        ...content,
        headers: [
          { name: 'List-Unsubscribe', value: `<${unsubscribe}>` },
          { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
        ],
      });
      return { ok: true, providerId: id };
    } catch (error) {
      return { ok: false, error: 'send-failed', retry: true, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  },
};

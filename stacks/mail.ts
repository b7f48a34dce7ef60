import { provideLinks } from './links';

/**
 * The sender of the e-mail the app sends itself (an operator's answer to a contact message, through
 * SES v2, packages/core/src/mail). An SES identity: an address the stage verifies once by the link
 * SES mails to it, or a domain (`NUMBERNEST_MAIL_SENDER=example.com`, verified through its DNS).
 * Linked functions get `Resource.SupportMail.sender` and permission to send from it.
 */
export const supportMail = new sst.aws.Email('SupportMail', { sender: process.env.NUMBERNEST_MAIL_SENDER ?? 'support@numbernest.app' });
provideLinks({ SupportMail: supportMail });

import { messengerSmsText, type MessengerSms } from './bot';
import { maxMessengerTextLength, sendMessengerText, type MessengerDelivery } from './graph';
import type { MessengerLink } from './link';

/** Messenger's standard window after the person's last message, less a margin for clocks and queues. */
export const messengerWindowMs = 24 * 3_600_000 - 5 * 60_000;

/** RESPONSE inside the window; after it, the ACCOUNT_UPDATE tag (a change to the person's own account). */
export function deliveryFor(lastInboundAt: string, now = Date.now()): MessengerDelivery {
  return now - Date.parse(lastInboundAt) < messengerWindowMs ? { messaging_type: 'RESPONSE' } : { messaging_type: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' };
}

/** Forwards one SMS to the linked person, in the link's language. Answers Messenger's message id. */
export function sendMessengerSms(
  link: Pick<MessengerLink, 'psid' | 'language' | 'lastInboundAt'>,
  sms: MessengerSms,
  now = Date.now(),
): Promise<{ id: string }> {
  return sendMessengerText(link.psid, messengerSmsText(link.language, sms, maxMessengerTextLength), deliveryFor(link.lastInboundAt, now));
}

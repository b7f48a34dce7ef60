import type { ForwardingChannel } from '@numbernest/contracts';
import type { ChannelSender } from './channel';
import { emailSender } from './email';
import { pushSender } from './push';
import { telegramSender } from './telegram';
import { whatsappSender } from './whatsapp';
import { messengerSender } from './messenger';

/**
 * Each channel's sender (imported statically: the forwarding job's function is the one that sends,
 * and a lazy import of code that another context's door also exports would land, with code splitting,
 * in a chunk every importer of the door loads). A channel with no sender yet cannot be
 * turned on (settings.ts: it is never linked), and a job for it fails as `not-available`. A new
 * channel is one file and one line here.
 */
const senders: Partial<Record<ForwardingChannel, ChannelSender>> = {
  email: emailSender,
  whatsapp: whatsappSender,
  telegram: telegramSender,
  messenger: messengerSender,
  push: pushSender,
};

export const senderOf = (channel: ForwardingChannel): Promise<ChannelSender> | undefined => {
  const sender = senders[channel];
  return sender && Promise.resolve(sender);
};

import type { ForwardingChannel } from '@numbernest/contracts';
import type { ChannelSender } from './channel';

/**
 * Each channel's sender, loaded when a job for it runs. A channel with no sender yet cannot be
 * turned on (settings.ts: it is never linked), and a job for it fails as `not-available`. A new
 * channel is one file and one line here.
 */
const senders: Partial<Record<ForwardingChannel, () => Promise<ChannelSender>>> = {
  email: async () => (await import('./email')).emailSender,
  whatsapp: async () => (await import('./whatsapp')).whatsappSender,
  telegram: async () => (await import('./telegram')).telegramSender,
  push: async () => (await import('./push')).pushSender,
};

export const senderOf = (channel: ForwardingChannel): Promise<ChannelSender> | undefined => senders[channel]?.();

import { randomBytes } from 'node:crypto';
import type { Forwarding, ForwardingChannel, ForwardingSettings, ForwardingSettingsInput } from '@numbernest/contracts';
import { ConflictError } from '../../shared/errors';
import { EmailNotVerifiedError, saveForwardingSwitches } from '../../accounts';
import type { UserItem } from '../../accounts';
import { countPushSubscriptions } from '../../notifications';
import { messengerLinkOf, telegramChatOf, whatsappNumberOf } from '../../channels';
import { forwardingOf } from './switches';

/** What each channel is linked to; a channel that needs linking cannot be turned on before. */
export interface ChannelLinks {
  telegramLinked: boolean;
  whatsappNumber: string | null;
  messengerLinked: boolean;
  pushSubscriptions: number;
}

/**
 * The account's links: its Telegram chat, its verified WhatsApp number, its Messenger
 * conversation, its browsers subscribed to Web Push. Read only by the settings (never on the SMS path, which reads the switches alone).
 */
export async function channelLinks(user: UserItem): Promise<ChannelLinks> {
  const [whatsappNumber, telegramChat, messengerLink, pushSubscriptions] = await Promise.all([
    whatsappNumberOf(user.sub),
    telegramChatOf(user.sub),
    messengerLinkOf(user.sub),
    countPushSubscriptions(user.sub),
  ]);
  return { telegramLinked: telegramChat !== undefined, whatsappNumber, messengerLinked: messengerLink !== undefined, pushSubscriptions };
}

const isLinked: Record<Exclude<ForwardingChannel, 'email'>, (links: ChannelLinks) => boolean> = {
  telegram: (links) => links.telegramLinked,
  whatsapp: (links) => links.whatsappNumber !== null,
  messenger: (links) => links.messengerLinked,
  push: (links) => links.pushSubscriptions > 0,
};

const view = (settings: ForwardingSettings, links: ChannelLinks): Forwarding => ({
  ...settings,
  telegram_linked: links.telegramLinked,
  whatsapp_number: links.whatsappNumber,
  messenger_linked: links.messengerLinked,
  push_subscriptions: links.pushSubscriptions,
});

export async function getForwarding(user: UserItem): Promise<Forwarding> {
  return view(forwardingOf(user), await channelLinks(user));
}

/**
 * Sets every switch (Messenger's, when not given, stays as it is). Turning a channel on needs it ready: e-mail a verified address (403
 * EMAIL_NOT_VERIFIED), the others a link (409 FORWARDING_NOT_LINKED naming the channel); turning
 * one off always works. E-mail turned on (from off) gets a new `forwardingEmailNonce`, which the
 * unsubscribe links carry: a link from before is then out of date (unsubscribe.ts).
 */
export async function setForwarding(user: UserItem, input: ForwardingSettingsInput): Promise<Forwarding> {
  const current = forwardingOf(user);
  const next: ForwardingSettings = { ...input, messenger: input.messenger ?? current.messenger };
  const links = await channelLinks(user);
  if (next.email && !current.email && !user.emailVerifiedAt) throw new EmailNotVerifiedError();
  for (const channel of ['telegram', 'whatsapp', 'messenger', 'push'] as const) {
    if (next[channel] && !current[channel] && !isLinked[channel](links))
      throw new ConflictError(`Connect ${channel} before forwarding to it`, 'FORWARDING_NOT_LINKED', { channel });
  }
  const newNonce = next.email && !current.email;
  const stored = await saveForwardingSwitches(user.sub, next, newNonce ? randomBytes(9).toString('base64url') : undefined);
  return view(forwardingOf({ forwarding: stored }), links);
}

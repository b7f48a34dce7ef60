import { forwardingChannels, type ForwardingChannel, type ForwardingReply } from '@numbernest/contracts';
import type { ComponentType } from 'react';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { useForwarding } from '@/features/account/api/use-forwarding';
import { PushNotificationsControl } from './PushNotificationsControl';
import { Switch } from './Switch';
import { TelegramSettings } from './TelegramSettings';
import { WhatsAppSettings } from './WhatsAppSettings';
import { MessengerSettings } from './MessengerSettings';

/** Whether a channel can be turned on, and the line under its switch. */
function channelState(channel: ForwardingChannel, data: ForwardingReply['data']): { ready: boolean; hint: string; values?: Record<string, string> } {
  switch (channel) {
    case 'email':
      return { ready: true, hint: 'settings.forwarding.emailHint' };
    case 'telegram':
      return data.telegram_linked ? { ready: true, hint: 'settings.forwarding.telegramLinked' } : { ready: false, hint: 'settings.forwarding.connectFirst' };
    case 'whatsapp':
      return data.whatsapp_number
        ? { ready: true, hint: 'settings.forwarding.whatsappLinked', values: { number: data.whatsapp_number } }
        : { ready: false, hint: 'settings.forwarding.connectFirst' };
    case 'messenger':
      return data.messenger_linked ? { ready: true, hint: 'settings.forwarding.messengerLinked' } : { ready: false, hint: 'settings.forwarding.connectFirst' };
    case 'push':
      return data.push_subscriptions > 0
        ? { ready: true, hint: 'settings.forwarding.pushLinked', values: { count: String(data.push_subscriptions) } }
        : { ready: false, hint: 'settings.forwarding.connectFirst' };
  }
}

/** What connects a channel, shown under its switch (e-mail needs nothing: the account's address). */
const connectionOf: Record<ForwardingChannel, ComponentType | null> = {
  email: null,
  telegram: TelegramSettings,
  whatsapp: WhatsAppSettings,
  messenger: MessengerSettings,
  push: PushNotificationsControl,
};

/**
 * "Forward each SMS to": e-mail, Telegram, WhatsApp, Messenger, push, each with what connects it under its
 * switch. Saved at once, like the other settings; a channel that needs connecting is shown off and
 * disabled until it is (one left on while connected stays changeable, so it can be turned off).
 */
export function ForwardingSettings() {
  const { t } = useTranslation('account');
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const { data, error, save } = useForwarding();

  async function change(channel: ForwardingChannel, on: boolean) {
    try {
      await save({ [channel]: on });
    } catch (failure) {
      toast.error(failure instanceof ApiError && failure.status < 500 ? serverErrorText(te, failure) : t('settings.saveError'));
    }
  }

  return (
    <Panel title={t('settings.forwarding.title')}>
      <div className="settings-list" data-testid="forwarding-settings">
        <p className="setting__description forwarding__hint">{t('settings.forwarding.hint')}</p>
        {error && !data ? <p className="setting__description">{t('settings.forwarding.loadError')}</p> : null}
        {data
          ? forwardingChannels.map((channel) => {
              const state = channelState(channel, data.data);
              const on = data.data[channel];
              const Connect = connectionOf[channel];
              return (
                <div key={channel} className="channel">
                  <Switch
                    label={t(`settings.forwarding.channels.${channel}`)}
                    description={t(state.hint, state.values)}
                    checked={on}
                    disabled={!state.ready && !on}
                    onChange={(next) => void change(channel, next)}
                  />
                  {Connect ? (
                    <div className="channel__connect">
                      <Connect />
                    </div>
                  ) : null}
                </div>
              );
            })
          : null}
      </div>
    </Panel>
  );
}

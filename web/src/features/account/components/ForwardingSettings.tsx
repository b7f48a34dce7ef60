import { forwardingChannels, type ForwardingChannel, type ForwardingReply } from '@numbernest/contracts';
import { useId } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { useForwarding } from '@/features/account/api/use-forwarding';
import { Switch } from './Switch';

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
    case 'push':
      return data.push_subscriptions > 0
        ? { ready: true, hint: 'settings.forwarding.pushLinked', values: { count: String(data.push_subscriptions) } }
        : { ready: false, hint: 'settings.forwarding.connectFirst' };
  }
}

/**
 * "Forward each SMS to": e-mail, Telegram, WhatsApp, push. Saved at once, like the other settings;
 * a channel that needs connecting is shown off and disabled until it is (one left on while
 * connected stays changeable, so it can be turned off).
 */
export function ForwardingSettings() {
  const { t } = useTranslation('account');
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const { data, error, save } = useForwarding();
  const headingId = useId();

  async function change(channel: ForwardingChannel, on: boolean) {
    try {
      await save({ [channel]: on });
    } catch (failure) {
      toast.error(failure instanceof ApiError && failure.status < 500 ? serverErrorText(te, failure) : t('settings.saveError'));
    }
  }

  return (
    <div className="setting setting--group" role="group" aria-labelledby={headingId} data-testid="forwarding-settings">
      <p className="setting__label" id={headingId}>
        {t('settings.forwarding.title')}
      </p>
      <p className="setting__description">{t('settings.forwarding.hint')}</p>
      {error && !data ? <p className="setting__description">{t('settings.forwarding.loadError')}</p> : null}
      {data
        ? forwardingChannels.map((channel) => {
            const state = channelState(channel, data.data);
            const on = data.data[channel];
            return (
              <Switch
                key={channel}
                label={t(`settings.forwarding.channels.${channel}`)}
                description={t(state.hint, state.values)}
                checked={on}
                disabled={!state.ready && !on}
                onChange={(next) => void change(channel, next)}
              />
            );
          })
        : null}
    </div>
  );
}

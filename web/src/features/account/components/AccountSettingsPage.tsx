import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { Panel } from '@/components/panel/Panel';
import { useProfile } from '@/lib/profile/use-profile';
import { ApiKeys } from './ApiKeys';
import { DeleteAccount } from './DeleteAccount';
import { NotificationSettings } from './NotificationSettings';
import { PasswordSettings } from './PasswordSettings';
import { PriceLimits } from './PriceLimits';
import { WebhookSettings } from './WebhookSettings';
import { ForwardingSettings } from './ForwardingSettings';
import { SettingsLoadError } from './SettingsLoadError';
import './account.css';

/** Account setting: notification settings (stored on the server), SMS forwarding with each channel's connection, password, API keys and price limits, webhook, delete account. */
export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  const { data, error, mutate } = useProfile();

  return (
    <DashboardPage title={t('settings.title')} lead={t('settings.lead')}>
      <div className="settings-grid">
        {data ? (
          <NotificationSettings settings={data.data.settings} />
        ) : (
          <Panel title={t('settings.notifications.title')}>
            {error ? <SettingsLoadError text={t('settings.loadError')} onRetry={() => void mutate()} /> : <Loader block />}
          </Panel>
        )}
        <ForwardingSettings />
        <PasswordSettings />
        <ApiKeys />
        <PriceLimits />
        <WebhookSettings />
        <DeleteAccount />
      </div>
    </DashboardPage>
  );
}

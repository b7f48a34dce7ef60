import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { useTranslation } from '@/lib/i18n';
import { DevicesPanel } from './DevicesPanel';
import { TwilioPanel } from './TwilioPanel';
import './SourcesPage.css';

/** Where numbers come from besides the seed: the Twilio account, and our android-sms-gateway phones. */
export default function SourcesPage() {
  const { t } = useTranslation('ops-sources');
  return (
    <DashboardPage title={t('title')} lead={t('intro')}>
      <div className="sources">
        <TwilioPanel />
        <DevicesPanel />
      </div>
    </DashboardPage>
  );
}

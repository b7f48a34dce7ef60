import { useTranslation } from '@/lib/i18n';
import { NumberPicker } from '@/features/picker/components/NumberPicker';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import './dashboard.css';

/** Buy Number: the home page's number picker, inside the dashboard. */
export default function BuyNumberPage() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('buyNumber.title')} lead={t('buyNumber.lead')}>
      <NumberPicker />
    </DashboardPage>
  );
}

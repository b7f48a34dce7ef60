import { useTranslation } from '@/lib/i18n';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { Panel } from '@/components/panel/Panel';
import { RentalList } from './RentalList';
import '@/components/form-field/field.css';
import './rentals.css';

/** Manage Number: the same list with Extend and Close on each active row. */
export default function ManageNumberPage() {
  const { t } = useTranslation('dashboard');
  const { t: tr } = useTranslation('rentals');
  return (
    <DashboardPage title={t('manageNumber.title')} lead={t('manageNumber.lead')}>
      <Panel title={tr('list.manageTitle')}>
        <RentalList scope="manageNumber" withActions />
      </Panel>
    </DashboardPage>
  );
}

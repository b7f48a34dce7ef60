import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { dashboardPaths } from '@/lib/paths';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { Panel } from '@/components/panel/Panel';
import { RentalList } from './RentalList';
import '@/components/form-field/field.css';
import './rentals.css';

/** My Number: the numbers you rent, filtered by type, service and status; a row opens its page. */
export default function MyNumberPage() {
  const { t } = useTranslation('dashboard');
  const { t: tr } = useTranslation('rentals');
  return (
    <DashboardPage
      title={t('myNumber.title')}
      lead={t('myNumber.lead')}
      actions={
        <Link to={dashboardPaths.buyNumber} className="btn btn--primary btn--sm">
          {t('home.buyNumber')}
        </Link>
      }
    >
      <Panel title={tr('list.title')}>
        <RentalList scope="myNumber" />
      </Panel>
    </DashboardPage>
  );
}

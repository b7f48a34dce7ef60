import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardPaths } from '../nav';
import { ComingSoon } from './ComingSoon';
import { DashboardPage } from './DashboardPage';
import './dashboard.css';

/** Manage Number: on its way; says what it will do. */
export default function ManageNumberPage() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('manageNumber.title')} lead={t('manageNumber.lead')}>
      <ComingSoon copyKey="manageNumber.soon">
        <Link to={dashboardPaths.buyNumber} className="btn btn--secondary">
          {t('home.buyNumber')}
        </Link>
      </ComingSoon>
    </DashboardPage>
  );
}

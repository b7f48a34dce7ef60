import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardPaths } from '../nav';
import { DashboardPage } from './DashboardPage';
import { EmptyState } from './EmptyState';
import { PhoneIcon } from './icons';
import { NumberStatusTabs, type NumberStatus } from './NumberStatusTabs';
import { Panel } from './Panel';
import './dashboard.css';

/** My Number: the numbers you rent, Active or Deactive. None yet until rentals arrive. */
export default function MyNumberPage() {
  const { t } = useTranslation('dashboard');
  const [status, setStatus] = useState<NumberStatus>('active');
  return (
    <DashboardPage title={t('myNumber.title')} lead={t('myNumber.lead')}>
      <Panel title={t('home.allNumber.title')} action={<NumberStatusTabs value={status} onChange={setStatus} />}>
        <EmptyState
          icon={PhoneIcon}
          title={t(status === 'active' ? 'empty.numbers' : 'empty.deactiveNumbers')}
          text={t('myNumber.text')}
          action={
            <Link to={dashboardPaths.buyNumber} className="btn btn--primary">
              {t('home.buyNumber')}
            </Link>
          }
        />
      </Panel>
    </DashboardPage>
  );
}

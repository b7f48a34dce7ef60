import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthState } from '../../../lib/auth-state';
import { RecentTransactions } from '../../wallet/components/RecentTransactions';
import { dashboardPaths } from '../nav';
import { AccountPanel } from './AccountPanel';
import { DashboardPage } from './DashboardPage';
import { EmptyState } from './EmptyState';
import { ChatIcon, InboxIcon, MessageIcon, PhoneIcon } from './icons';
import { NumberStatusTabs, type NumberStatus } from './NumberStatusTabs';
import { Panel } from './Panel';
import { Tabs } from './Tabs';
import './dashboard.css';

type MessageBox = 'inbox' | 'sent';

/**
 * My Dashboard (spec §2 panels). Recent Transaction shows the last five ledger entries; numbers and
 * messages arrive in later releases, so those panels say honestly that there is nothing yet and where to start.
 */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuthState();
  const [status, setStatus] = useState<NumberStatus>('active');
  const [box, setBox] = useState<MessageBox>('inbox');
  const buyLink = (
    <Link to={dashboardPaths.buyNumber} className="btn btn--primary btn--sm">
      {t('home.buyNumber')}
    </Link>
  );

  return (
    <DashboardPage title={t('home.title')} lead={t('home.lead', { email: user?.email ?? '' })} actions={buyLink}>
      <div className="dash-grid">
        <Panel title={t('home.recentMessage.title')} className="dash-grid__wide">
          <EmptyState icon={MessageIcon} title={t('empty.messages')} text={t('home.recentMessage.text')} />
        </Panel>
        <AccountPanel />
        <Panel title={t('home.allNumber.title')} className="dash-grid__wide" action={<NumberStatusTabs value={status} onChange={setStatus} />}>
          <EmptyState icon={PhoneIcon} title={t(status === 'active' ? 'empty.numbers' : 'empty.deactiveNumbers')} text={t('home.allNumber.text')} action={status === 'active' ? buyLink : undefined} />
        </Panel>
        <Panel title={t('home.numberDetails.title')}>
          <EmptyState icon={PhoneIcon} title={t('home.numberDetails.empty')} text={t('home.numberDetails.text')} />
        </Panel>
        <Panel
          title={t('home.allMessage.title')}
          className="dash-grid__wide"
          action={
            <Tabs
              label={t('home.allMessage.boxes')}
              value={box}
              onChange={setBox}
              options={[
                { value: 'inbox', label: t('home.allMessage.inbox') },
                { value: 'sent', label: t('home.allMessage.sent') },
              ]}
            />
          }
        >
          <EmptyState icon={InboxIcon} title={t('empty.messages')} text={t(box === 'inbox' ? 'home.allMessage.inboxText' : 'home.allMessage.sentText')} />
        </Panel>
        <Panel
          title={t('home.recentTransaction.title')}
          action={
            <Link to={dashboardPaths.transaction} className="panel__link">
              {t('home.recentTransaction.seeMore')}
            </Link>
          }
        >
          <RecentTransactions />
        </Panel>
        <Panel title={t('home.startChat.title')} className="dash-grid__full panel--accent">
          <div className="start-chat">
            <span className="start-chat__icon">
              <ChatIcon size={24} />
            </span>
            <p className="start-chat__text">{t('home.startChat.text')}</p>
            <Link to="/contact-us" className="btn btn--primary">
              {t('home.startChat.action')}
            </Link>
          </div>
        </Panel>
      </div>
    </DashboardPage>
  );
}

import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { MessageBox } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { useAuthState } from '@/lib/auth-state';
import { useRentals } from '@/features/rentals/api/use-rentals';
import { LoadFailed } from '@/features/rentals/components/LoadFailed';
import { MessageFolder } from '@/features/rentals/components/MessageFolder';
import { NumberChooser } from '@/features/rentals/components/NumberChooser';
import { NumberFacts } from '@/features/rentals/components/NumberFacts';
import { RecentMessages } from '@/features/rentals/components/RecentMessages';
import { rentalPagePath } from '@/lib/paths';
import { RecentTransactions } from '@/features/wallet/components/RecentTransactions';
import { dashboardPaths } from './nav';
import { AccountPanel } from './AccountPanel';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ChatIcon, PhoneIcon } from '@/components/icons/dashboard-icons';
import { NumberStatusTabs, type NumberStatus } from './NumberStatusTabs';
import { Panel } from '@/components/panel/Panel';
import { Tabs } from '@/components/tabs/Tabs';
import './dashboard.css';

/**
 * My Dashboard (the original client's panels): Recent Message (latest codes), All Number with Active / Deactive,
 * Number Details of the number picked there, All Message with Inbox and Sent, Recent Transaction.
 */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  const { t: tr } = useTranslation('rentals');
  const { user } = useAuthState();
  const [status, setStatus] = useState<NumberStatus>('active');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [box, setBox] = useState<MessageBox>('inbox');
  const numbers = useRentals({ status: status === 'active' ? 'active' : 'inactive' });
  const rentals = numbers.data?.data.data ?? [];
  const selected = rentals.find((rental) => rental.id === selectedId) ?? rentals[0] ?? null;
  const buyLink = (
    <Link to={dashboardPaths.buyNumber} className="btn btn--primary btn--sm">
      {t('home.buyNumber')}
    </Link>
  );

  const changeStatus = (next: NumberStatus) => {
    setStatus(next);
    setSelectedId(null);
  };

  let numbersBody;
  if (numbers.isLoading && !numbers.data) numbersBody = <Loader block size="sm" />;
  else if (numbers.error && !numbers.data) numbersBody = <LoadFailed text={tr('list.loadError')} onRetry={() => void numbers.mutate()} />;
  else if (!rentals.length)
    numbersBody = (
      <EmptyState
        icon={PhoneIcon}
        title={t(status === 'active' ? 'empty.numbers' : 'empty.deactiveNumbers')}
        text={t('home.allNumber.text')}
        action={status === 'active' ? buyLink : undefined}
      />
    );
  else numbersBody = <NumberChooser rentals={rentals} selectedId={selected?.id ?? null} onSelect={(rental) => setSelectedId(rental.id)} />;

  return (
    <DashboardPage title={t('home.title')} lead={t('home.lead', { email: user?.email ?? '' })} actions={buyLink}>
      <div className="dash-grid">
        <Panel title={t('home.recentMessage.title')} className="dash-grid__wide">
          <RecentMessages />
        </Panel>
        <AccountPanel />
        <Panel title={t('home.allNumber.title')} className="dash-grid__wide" action={<NumberStatusTabs value={status} onChange={changeStatus} />}>
          {numbersBody}
        </Panel>
        <Panel
          title={t('home.numberDetails.title')}
          action={
            selected && (
              <Link to={rentalPagePath(selected.id)} className="panel__link" data-testid="number-details-open">
                {t('home.numberDetails.open')}
              </Link>
            )
          }
        >
          <div data-testid="number-details">
            {selected ? (
              <NumberFacts rental={selected} />
            ) : (
              <EmptyState icon={PhoneIcon} title={t('home.numberDetails.empty')} text={t('home.numberDetails.text')} />
            )}
          </div>
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
          <MessageFolder key={box} box={box} />
        </Panel>
        <Panel
          title={t('home.recentTransaction.title')}
          action={
            <Link to={dashboardPaths.transaction} className="panel__link">
              {t('home.recentTransaction.seeMore')} <span className="visually-hidden">{t('home.recentTransaction.seeMoreOf')}</span>
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

import type { OpsUser } from '@numbernest/contracts/ops';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { UserIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { Panel } from '@/components/panel/Panel';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { opsPaths } from '@/lib/paths';
import { serverErrorText } from '@/lib/server-errors';
import { useOpsUser } from '@/features/ops-users/api/use-ops-user';
import { AdjustBalanceForm } from './AdjustBalanceForm';
import { UserBadges } from './UserBadges';
import { UserTabs } from './UserTabs';
import { Button } from '@/components/button/Button';
import './ops-users.css';

interface UserPageProps {
  /** The Block / Unblock control for this customer (another part of the console), told to read the customer again after a change. */
  blockControl?: (user: OpsUser, changed: () => void) => ReactNode;
}

/** The customer view: who they are, their balance and holds, the money actions, and their records by tab. */
export default function UserPage({ blockControl }: UserPageProps) {
  const { sub = '' } = useParams();
  const { t, i18n } = useTranslation(['ops-users', 'ops', 'errors']);
  const { data, error, isLoading, mutate } = useOpsUser(sub);
  const [version, setVersion] = useState(0);
  const moneyMoved = () => {
    void mutate();
    setVersion((v) => v + 1);
  };

  const back = (
    <Link className="btn btn--secondary btn--sm" to={opsPaths.users}>
      {t('view.back')}
    </Link>
  );
  if (isLoading) return <Loader block />;
  const user = data?.data;
  if (!user)
    return (
      <DashboardPage title={t('view.title')} actions={back}>
        <EmptyState
          icon={UserIcon}
          title={error?.status === 404 ? t('view.notFound') : error ? serverErrorText(t, error) : t('ops:common.failed')}
          action={error?.status === 404 ? undefined : <Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
        />
      </DashboardPage>
    );

  return (
    <DashboardPage
      title={user.email}
      lead={
        <>
          {t('view.created', { date: formatDateTime(user.created_at, i18n.language) })} · <code className="ops-users__sub">{user.sub}</code>
        </>
      }
      actions={
        <>
          {back}
          {blockControl?.(user, () => void mutate())}
        </>
      }
    >
      <section className="ops-users__head" aria-label={t('view.summary')}>
        <div>
          <p className="ops-users__label">{t('view.balance')}</p>
          <p className={`ops-users__balance ops-users__balance--big${user.balance < 0 ? ' ops-users__negative' : ''}`} data-testid="ops-user-balance">
            {usd(user.balance)}
          </p>
        </div>
        <div>
          <UserBadges user={user} />
          {user.account_hold && (
            <p className="ops-users__muted">
              {t('view.holdSince', { date: formatDateTime(user.account_hold.since, i18n.language), reason: user.account_hold.reason })}
            </p>
          )}
          {user.blocked && (
            <p className="ops-users__muted">
              {t('view.blockedSince', { date: formatDateTime(user.blocked.since, i18n.language), reason: user.blocked.reason })}
            </p>
          )}
          {user.deleted_at && <p className="ops-users__muted">{t('view.deletedAt', { date: formatDateTime(user.deleted_at, i18n.language) })}</p>}
          <p className="ops-users__muted" data-testid="ops-user-standing">
            {t('view.standing', {
              tier: t(`view.tiers.${user.standing.tier}`),
              held: user.standing.held,
              limit: user.standing.hold_limit,
              delivered: user.standing.delivered,
              unused: user.standing.unused,
              days: user.standing.window_days,
            })}
            {user.standing.paused_until && ` ${t('view.pausedUntil', { date: formatDateTime(user.standing.paused_until, i18n.language) })}`}
          </p>
        </div>
      </section>
      <Panel title={t('adjust.title')}>
        <AdjustBalanceForm sub={user.sub} balance={user.balance} onDone={moneyMoved} />
      </Panel>
      <Panel title={t('view.records')}>
        <UserTabs sub={user.sub} webhookUrl={user.webhook_url} version={version} onMoney={moneyMoved} />
      </Panel>
    </DashboardPage>
  );
}

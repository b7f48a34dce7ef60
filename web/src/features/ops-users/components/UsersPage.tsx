import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { UserIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { FormField } from '@/components/form-field/FormField';
import { Panel } from '@/components/panel/Panel';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { opsUserPath } from '@/lib/paths';
import { serverErrorText } from '@/lib/server-errors';
import { useUserSearch } from '@/features/ops-users/api/use-user-search';
import { CustomerSearch } from './CustomerSearch';
import { UserBadges } from './UserBadges';
import { Button } from '@/components/button/Button';
import './ops-users.css';

/** Customers: find one by e-mail (exact, any case; deleted accounts too), or search by part of an e-mail or a number, then open the customer view. */
export default function UsersPage() {
  const { t, i18n } = useTranslation(['ops-users', 'ops', 'errors']);
  const [params, setParams] = useSearchParams();
  const asked = params.get('email')?.trim() || null;
  const [draft, setDraft] = useState(asked ?? '');
  const { data, error, isLoading } = useUserSearch(asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = draft.trim();
    setParams(email ? { email } : {});
  };

  const user = data?.data;
  return (
    <DashboardPage title={t('search.title')} lead={t('search.intro')}>
      <Panel title={t('search.caption')}>
        <form className="ops-users__search" role="search" onSubmit={submit}>
          <FormField
            id="ops-users-email"
            label={t('search.email')}
            inputProps={{ type: 'email', value: draft, required: true, autoComplete: 'off', onChange: (e) => setDraft(e.target.value) }}
          />
          <Button type="submit" variant="primary">
            {t('search.find')}
          </Button>
        </form>
        {asked && isLoading && <Loader block />}
        {asked && error && <EmptyState icon={UserIcon} title={error.status === 404 ? t('search.notFound', { email: asked }) : serverErrorText(t, error)} />}
        {user && (
          <article className="ops-users__card" aria-label={user.email}>
            <div>
              <p className="ops-users__card-email">{user.email}</p>
              <p className="ops-users__muted">
                {t('view.created', { date: formatDateTime(user.created_at, i18n.language) })} · <code>{user.sub}</code>
              </p>
              <UserBadges user={user} />
            </div>
            <div className="ops-users__card-side">
              <span className="ops-users__balance">{usd(user.balance)}</span>
              <Link className="btn btn--secondary btn--sm" to={opsUserPath(user.sub)}>
                {t('search.open')}
              </Link>
            </div>
          </article>
        )}
      </Panel>
      <CustomerSearch />
    </DashboardPage>
  );
}

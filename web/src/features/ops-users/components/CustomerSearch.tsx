import { customerSearchKinds, type CustomerSearchKind } from '@numbernest/contracts/ops';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { FormField } from '@/components/form-field/FormField';
import { UserIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { useTranslation } from '@/lib/i18n';
import { opsUserPath } from '@/lib/paths';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { useCustomerSearch } from '@/features/ops-users/api/use-customer-search';
import { Button } from '@/components/button/Button';

const isKind = (value: string | null): value is CustomerSearchKind => (customerSearchKinds as readonly (string | null)[]).includes(value);

/** Customers by part of an e-mail or by a number they rent or rented; each match opens the customer view. The search is in the address (`?by=&q=`). */
export function CustomerSearch() {
  const { t } = useTranslation(['ops-users', 'errors']);
  const { t: tv } = useTranslation('validation');
  const [params, setParams] = useSearchParams();
  const by = params.get('by');
  const q = params.get('q')?.trim() || null;
  const asked = isKind(by) && q ? { by, q } : null;
  const [kind, setKind] = useState<CustomerSearchKind>(asked?.by ?? 'email');
  const [draft, setDraft] = useState(asked?.q ?? '');
  const { matches, error, isLoading, isValidating, hasMore, loadMore } = useCustomerSearch(asked);
  // A query the server refused shows under the field (and the kind, should the address name an unknown one).
  const refused = error?.status === 400 ? fieldErrorsFromServer<'q' | 'by'>(error.body) : {};
  const fieldProblem = refused.q ?? refused.by;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setParams(text ? { by: kind, q: text } : {});
  };

  return (
    <Panel title={t('find.caption')}>
      <form className="ops-users__search" role="search" aria-label={t('find.caption')} onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor="ops-users-find-by">
            {t('find.by')}
          </label>
          <select id="ops-users-find-by" className="field__control" value={kind} onChange={(e) => setKind(e.target.value as CustomerSearchKind)}>
            {customerSearchKinds.map((option) => (
              <option key={option} value={option}>
                {t(`find.kinds.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <FormField
          id="ops-users-find-q"
          label={t(`find.query.${kind}`)}
          {...(fieldProblem ? { error: describeValidation(tv, fieldProblem) } : {})}
          inputProps={{ value: draft, required: true, minLength: 3, autoComplete: 'off', onChange: (e) => setDraft(e.target.value) }}
        />
        <Button type="submit" variant="primary">
          {t('search.find')}
        </Button>
      </form>
      {asked && isLoading && <Loader block />}
      {asked && error && !fieldProblem && <EmptyState icon={UserIcon} title={serverErrorText(t, error)} />}
      {asked && !isLoading && !error && matches.length === 0 && !hasMore && <EmptyState icon={UserIcon} title={t('find.none', { q: asked.q })} />}
      {matches.length > 0 && (
        <ul className="ops-users__matches" aria-label={t('find.results')}>
          {matches.map((match) => (
            <li key={match.sub} className="ops-users__match">
              <div>
                <Link to={opsUserPath(match.sub)} className="ops-users__card-email">
                  {match.email}
                </Link>
                <p className="ops-users__muted">
                  {[
                    match.number,
                    match.rental_id && t('find.rental', { id: match.rental_id }),
                    match.deleted && t('find.deleted'),
                    match.blocked && t('find.blocked'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button size="sm" disabled={isValidating} onClick={() => void loadMore()}>
          {t('find.more')}
        </Button>
      )}
    </Panel>
  );
}

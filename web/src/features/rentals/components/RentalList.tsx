import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { Rental } from '@numbernest/contracts';
import { Loader } from '@/components/loader/Loader';
import { dashboardPaths } from '@/lib/paths';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { PhoneIcon } from '@/components/icons/dashboard-icons';
import { noRentalFilters, type RentalFilters } from '@/features/rentals/api/keys';
import { readStoredFilters, writeStoredFilters, type FilterScope } from '@/features/rentals/api/stored-filters';
import { useRentals } from '@/features/rentals/api/use-rentals';
import { LoadFailed } from './LoadFailed';
import { Paging } from './Paging';
import { RentalFiltersBar, type ServiceOption } from './RentalFiltersBar';
import { RentalRow } from './RentalRow';
import './rentals.css';

/** The services a person can filter by: those of the rentals seen, plus the saved choice. */
function serviceOptions(lists: Array<Rental[] | undefined>, selected: number | null, unknownName: (id: number) => string): ServiceOption[] {
  const byId = new Map<number, string>();
  for (const rental of lists.flat()) if (rental?.service) byId.set(rental.service.id, rental.service.name);
  if (selected !== null && !byId.has(selected)) byId.set(selected, unknownName(selected));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

interface RentalListProps {
  /** Whose saved filters: My Number's or Manage Number's (each under its own stored key). */
  scope: FilterScope;
  /** Manage Number: Extend and Close on each row. */
  withActions?: boolean;
}

/** My Number / Manage Number: filters kept in localStorage, the rows, Previous/Next. */
export function RentalList({ scope, withActions = false }: RentalListProps) {
  const { t } = useTranslation('rentals');
  const { t: td } = useTranslation('dashboard');
  const [filters, setFilters] = useState<RentalFilters>(() => readStoredFilters(scope));
  const [page, setPage] = useState(0);
  const filtered = filters.type !== null || filters.service !== null || filters.status !== null;
  const { data, error, isLoading, isValidating, mutate } = useRentals(filters, page);
  // The first unfiltered page names the services to filter by (the same key as the plain list).
  const everything = useRentals(noRentalFilters, 0, { enabled: filtered || page > 0 });
  const reply = data?.data;
  const items = reply?.data ?? [];
  const services = useMemo(
    () => serviceOptions([everything.data?.data.data, reply?.data], filters.service, (id) => t('filters.serviceId', { id })),
    [everything.data, reply, filters.service, t],
  );

  const change = (patch: Partial<RentalFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    writeStoredFilters(scope, next);
    setPage(0);
  };

  let body;
  if (isLoading && !reply) body = <Loader block />;
  else if (error && !reply) body = <LoadFailed text={t('list.loadError')} onRetry={() => void mutate()} />;
  else if (!items.length)
    body = filtered ? (
      <EmptyState icon={PhoneIcon} title={t('list.emptyFiltered')} text={t('list.emptyFilteredText')} />
    ) : (
      <EmptyState
        icon={PhoneIcon}
        title={td('empty.numbers')}
        text={t('list.emptyText')}
        action={
          <Link to={dashboardPaths.buyNumber} className="btn btn--primary">
            {td('home.buyNumber')}
          </Link>
        }
      />
    );
  else
    body = (
      <ul className="rental-list" data-testid={`${scope}-list`} aria-busy={isValidating}>
        {items.map((rental) => (
          <RentalRow key={rental.id} rental={rental} withActions={withActions} />
        ))}
      </ul>
    );

  return (
    <>
      <RentalFiltersBar filters={filters} services={services} onChange={change} testId={`${scope}-filter`} />
      {body}
      <Paging page={page} hasNext={Boolean(reply && reply.next_page !== null && items.length > 0)} onChange={setPage} testId="rentals" />
    </>
  );
}

import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { NumberType, rentalStatuses, type NumberType as NumberTypeId, type RentalStatus } from '@numbernest/contracts';
import type { RentalFilters } from '@/features/rentals/api/keys';
import { Button } from '@/components/button/Button';
import { Select } from '@/components/select/Select';
import '@/styles/list-tools.css';
import './rentals.css';

export interface ServiceOption {
  id: number;
  name: string;
}

interface RentalFiltersBarProps {
  filters: RentalFilters;
  services: ServiceOption[];
  onChange: (change: Partial<RentalFilters>) => void;
  /** Prefix of the controls' test ids. */
  testId: string;
}

const types = Object.values(NumberType) as NumberTypeId[];

/** Type, service and status, each "any" by default. */
export function RentalFiltersBar({ filters, services, onChange, testId }: RentalFiltersBarProps) {
  const { t } = useTranslation('rentals');
  const ids = useId();
  const filtered = filters.type !== null || filters.service !== null || filters.status !== null;
  return (
    <form className="tx-filters rental-filters" role="search" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <Select
        id={`${ids}-type`}
        label={t('filters.type')}
        data-testid={`${testId}-type`}
        value={filters.type ?? ''}
        onChange={(event) => onChange({ type: event.target.value ? (Number(event.target.value) as NumberTypeId) : null })}
        options={[{ value: '', label: t('filters.allTypes') }, ...types.map((type) => ({ value: String(type), label: t(`types.${type}`) }))]}
      />
      <Select
        id={`${ids}-service`}
        label={t('filters.service')}
        data-testid={`${testId}-service`}
        value={filters.service ?? ''}
        onChange={(event) => onChange({ service: event.target.value ? Number(event.target.value) : null })}
        options={[{ value: '', label: t('filters.allServices') }, ...services.map((service) => ({ value: String(service.id), label: service.name }))]}
      />
      <Select
        id={`${ids}-status`}
        label={t('filters.status')}
        data-testid={`${testId}-status`}
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || null) as RentalStatus | null })}
        options={[
          { value: '', label: t('filters.allStatuses') },
          ...rentalStatuses.map((status) => ({ value: status, label: t(`filters.statuses.${status}`) })),
        ]}
      />
      {filtered && (
        <Button variant="ghost" className="tx-filters__reset" onClick={() => onChange({ type: null, service: null, status: null })}>
          {t('filters.reset')}
        </Button>
      )}
    </form>
  );
}

import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { NumberType, rentalStatuses, type NumberType as NumberTypeId, type RentalStatus } from '@numbernest/contracts';
import type { RentalFilters } from '@/features/rentals/api/keys';
import '@/components/form-field/field.css';
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
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-type`}>
          {t('filters.type')}
        </label>
        <select
          id={`${ids}-type`}
          className="field__control"
          data-testid={`${testId}-type`}
          value={filters.type ?? ''}
          onChange={(event) => onChange({ type: event.target.value ? (Number(event.target.value) as NumberTypeId) : null })}
        >
          <option value="">{t('filters.allTypes')}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-service`}>
          {t('filters.service')}
        </label>
        <select
          id={`${ids}-service`}
          className="field__control"
          data-testid={`${testId}-service`}
          value={filters.service ?? ''}
          onChange={(event) => onChange({ service: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('filters.allServices')}</option>
          {services.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-status`}>
          {t('filters.status')}
        </label>
        <select
          id={`${ids}-status`}
          className="field__control"
          data-testid={`${testId}-status`}
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: (event.target.value || null) as RentalStatus | null })}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {rentalStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`filters.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      {filtered && (
        <button type="button" className="btn btn--ghost tx-filters__reset" onClick={() => onChange({ type: null, service: null, status: null })}>
          {t('filters.reset')}
        </button>
      )}
    </form>
  );
}

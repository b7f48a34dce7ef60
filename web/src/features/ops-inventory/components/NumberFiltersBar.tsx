import { type Country } from '@numbernest/contracts';
import { inventoryStatuses, numberSourceFilterPattern, type InventoryStatus } from '@numbernest/contracts/ops';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { noFilters, type NumberFilters } from '@/features/ops-inventory/api/use-numbers';
import { Button } from '@/components/button/Button';
import '@/styles/list-tools.css';

interface Props {
  filters: NumberFilters;
  countries: readonly Country[];
  onChange: (next: NumberFilters) => void;
}

/** The Numbers page's filters: country, type, status at once; source and digits once typed (and valid). */
export function NumberFiltersBar({ filters, countries, onChange }: Props) {
  const { t } = useTranslation('ops-inventory');
  const ids = useId();
  const [source, setSource] = useState(filters.source);
  const [search, setSearch] = useState(filters.search);
  const sourceValid = source.trim() === '' || numberSourceFilterPattern.test(source.trim());

  // Typed filters apply after a short pause, so each key press is not a request.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (sourceValid && (source !== filters.source || search !== filters.search)) onChange({ ...filters, source, search });
    }, 350);
    return () => clearTimeout(timer);
  }, [source, search, sourceValid, filters, onChange]);

  const filtered = JSON.stringify(filters) !== JSON.stringify(noFilters);
  return (
    <form className="tx-filters ops-numbers__filters" role="search" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-country`}>
          {t('filters.country')}
        </label>
        <select
          id={`${ids}-country`}
          className="field__control"
          value={filters.country ?? ''}
          onChange={(event) => onChange({ ...filters, country: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('filters.allCountries')}</option>
          {countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-type`}>
          {t('filters.type')}
        </label>
        <select
          id={`${ids}-type`}
          className="field__control"
          value={filters.type ?? ''}
          onChange={(event) => onChange({ ...filters, type: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('filters.allTypes')}</option>
          {[1, 2, 3].map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
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
          value={filters.status ?? ''}
          onChange={(event) => onChange({ ...filters, status: (event.target.value || null) as InventoryStatus | null })}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {inventoryStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`field${sourceValid ? '' : ' field--invalid'}`}>
        <label className="field__label" htmlFor={`${ids}-source`}>
          {t('filters.source')}
        </label>
        <input
          id={`${ids}-source`}
          className="field__control"
          list={`${ids}-sources`}
          value={source}
          placeholder={t('filters.sourceHint')}
          aria-invalid={sourceValid ? undefined : true}
          aria-describedby={sourceValid ? undefined : `${ids}-source-error`}
          onChange={(event) => setSource(event.target.value)}
        />
        <datalist id={`${ids}-sources`}>
          <option value="twilio" />
          <option value="gateway" />
        </datalist>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-search`}>
          {t('filters.search')}
        </label>
        <input
          id={`${ids}-search`}
          className="field__control"
          type="search"
          inputMode="tel"
          value={search}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {filtered && (
        <Button
          variant="ghost"
          className="tx-filters__reset"
          onClick={() => {
            setSource('');
            setSearch('');
            onChange(noFilters);
          }}
        >
          {t('filters.reset')}
        </Button>
      )}
      {!sourceValid && (
        <p className="tx-filters__error ops-numbers__filter-error" id={`${ids}-source-error`} role="alert">
          {t('filters.invalidSource')}
        </p>
      )}
    </form>
  );
}

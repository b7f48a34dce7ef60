import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { DeliveryRate } from './DeliveryRate';

/**
 * Temporary's first row: "any number" of the service in the country, with how many are on offer
 * (our own and partners' SIM banks); the rent picker under it when chosen. Disabled when none is.
 */
export function AnyNumberRow({
  selected,
  count,
  rate = null,
  onSelect,
  children,
}: {
  selected: boolean;
  /** undefined while the count loads (or could not be read: the purchase then says whether one is free). */
  count: number | undefined;
  /** The service's delivery rate in the country (0..1); null when not shown. */
  rate?: number | null;
  onSelect: () => void;
  /** Shown under the row while it is chosen (the rent picker). */
  children: ReactNode;
}) {
  const { t } = useTranslation('picker');
  const none = count === 0;
  const chosen = selected && !none;
  return (
    // Not a `.picker-row` (nor its button): those are the listed numbers, which tests and the list's keyboard walk count.
    <div className={`picker-any${chosen ? ' picker-any--selected' : ''}`} data-testid="any-number">
      <button type="button" className="picker-any__button" aria-pressed={chosen} disabled={none} onClick={onSelect}>
        <span className="picker-row__phone picker-any__icon" aria-hidden="true">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M16 3h5v5M21 3l-7 7M8 21H3v-5M3 21l7-7" />
          </svg>
        </span>
        <span className="picker-any__label">{t('anyNumber.label')}</span>
        <span className="picker-any__count">{none ? t('anyNumber.none') : count === undefined ? '' : t('anyNumber.available', { count })}</span>
        {!none && <DeliveryRate rate={rate} />}
      </button>
      {chosen && children}
    </div>
  );
}

import type { RentTime } from '@numbernest/contracts';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { ListResult } from '@/lib/catalog/list-result';
import { usd } from '@/lib/catalog/price';
import { HoldPurchaseNote } from '@/components/account-hold/hold';
import { Button } from '@/components/button/Button';

export interface RentPickerProps {
  /** Temporary: no period to choose, a fixed 20-minute activation. */
  temporary: boolean;
  rentTimes: ListResult<RentTime>;
  rentTimeId: number | null;
  cost: { total: number; original: number } | null;
  onRentChange: (rentTimeId: number | null) => void;
  onGetNow: () => void;
  /** The account is on hold: Get Now says so instead of leading to a payment that would be refused. */
  blocked?: boolean;
}

/** Under the picked number: the week dropdown (placeholder 'Select week'), the live total, Get Now. */
export function RentPicker({ temporary, rentTimes, rentTimeId, cost, onRentChange, onGetNow, blocked = false }: RentPickerProps) {
  const { t } = useTranslation('picker');
  const selectId = useId();
  const holdNoteId = useId();
  return (
    <div className="rent-picker">
      {temporary ? (
        <p className="rent-picker__fixed">
          <span className="rent-picker__label">{t('rent.label')}</span>
          <strong>{t('rent.temporary')}</strong>
        </p>
      ) : (
        <div className="rent-picker__field">
          <label htmlFor={selectId} className="rent-picker__label">
            {t('rent.label')}
          </label>
          <select
            id={selectId}
            className="rent-picker__select"
            value={rentTimeId ?? ''}
            onChange={(event) => onRentChange(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{t('rent.placeholder')}</option>
            {rentTimes.items?.map((rentTime) => (
              <option key={rentTime.id} value={rentTime.id}>
                {t(`rent.${rentTime.id}`, { defaultValue: rentTime.name })}
              </option>
            ))}
          </select>
          {rentTimes.error ? (
            <button type="button" className="rent-picker__retry" onClick={rentTimes.retry}>
              {t('loadFailed')} {t('retry')}
            </button>
          ) : null}
        </div>
      )}
      <div className="rent-picker__footer">
        <p className="rent-picker__total" aria-live="polite">
          <span className="rent-picker__label">{t('total')}</span>
          <strong className="rent-picker__amount">{usd(cost?.total ?? 0)}</strong>
          {cost && cost.original > cost.total && (
            <s className="price-tag__was">
              <span className="visually-hidden">{t('was')} </span>
              {usd(cost.original)}
            </s>
          )}
        </p>
        <Button variant="primary" onClick={onGetNow} disabled={blocked} aria-describedby={blocked ? holdNoteId : undefined}>
          {t('getNow')}
        </Button>
      </div>
      {blocked && <HoldPurchaseNote id={holdNoteId} />}
    </div>
  );
}

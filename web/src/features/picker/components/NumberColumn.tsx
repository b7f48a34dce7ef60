import type { MobileNumber } from '@numbernest/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { ListResult } from '../../../lib/catalog/list-result';
import { usd } from '../../../lib/catalog/price';
import { PickerList } from './PickerList';

const numberOf = (number: MobileNumber) => number.mobile_number;
const idOf = (number: MobileNumber) => number.id;

/** The last step: numbers for the selection; the picked one opens its rent picker underneath. */
export function NumberColumn({
  index,
  result,
  waitingFor,
  selectedId,
  onSelect,
  onRetry,
  renderSelected,
}: {
  index: number;
  result: ListResult<MobileNumber>;
  waitingFor: string | null;
  selectedId: number | null;
  onSelect: (number: MobileNumber) => void;
  onRetry: () => void;
  renderSelected: () => ReactNode;
}) {
  const { t } = useTranslation('picker');
  return (
    <PickerList
      index={index}
      title={t('steps.number')}
      searchLabel={t('search.number')}
      waitingFor={waitingFor}
      result={result}
      emptyText={t('empty.noData')}
      textOf={numberOf}
      keyOf={idOf}
      selectedKey={selectedId}
      onSelect={onSelect}
      onRetry={onRetry}
      renderSelected={renderSelected}
      renderRow={(number) => (
        <>
          <span className="picker-row__phone" aria-hidden="true">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <rect x="6" y="2" width="12" height="20" rx="2.5" />
              <path d="M11 18h2" />
            </svg>
          </span>
          <span className="picker-row__name truncated-name picker-row__number">{number.mobile_number}</span>
          {number.price !== undefined && (
            <span className="price-tag">
              <span className="price-tag__per-day">{usd(number.price)}</span>
            </span>
          )}
        </>
      )}
    />
  );
}

import type { ServiceProvider } from '@numbernest/contracts';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { ListResult } from '@/lib/catalog/list-result';
import { usd } from '@/lib/catalog/price';
import { PickerList } from './PickerList';
import { PriceTag } from './PriceTag';
import { Thumb } from './Thumb';
import { DeliveryRate } from './DeliveryRate';

const nameOf = (service: ServiceProvider) => service.name;
const idOf = (service: ServiceProvider) => service.id;

/** Step 2 (Shared, Temporary): services in the chosen country with their price. */
export function ServiceColumn({
  result,
  temporary,
  waitingForCountry,
  selectedId,
  onSelect,
  deliveryRateOf,
}: {
  result: ListResult<ServiceProvider>;
  temporary: boolean;
  waitingForCountry: boolean;
  selectedId: number | null;
  onSelect: (service: ServiceProvider) => void;
  /** Temporary: a service's delivery rate in the country (0..1), null when not shown. */
  deliveryRateOf?: (serviceId: number) => number | null;
}) {
  const { t } = useTranslation('picker');
  // A service without a Temporary price is not offered as a Temporary activation there.
  const items = useMemo(() => (temporary ? result.items?.filter((s) => s.temporary_price !== null) : result.items), [result.items, temporary]);
  return (
    <PickerList
      index={2}
      title={t('steps.service')}
      searchLabel={t('search.service')}
      waitingFor={waitingForCountry ? t('empty.selectCountry') : null}
      result={{ ...result, items }}
      emptyText={t('empty.noData')}
      textOf={nameOf}
      keyOf={idOf}
      selectedKey={selectedId}
      onSelect={onSelect}
      renderRow={(service) => (
        <>
          <Thumb src={service.url} name={service.name} />
          <span className="picker-row__name truncated-name">{service.name}</span>
          {temporary ? (
            <span className="price-tag">
              <span className="price-tag__per-day">{t('perActivation', { price: usd(service.temporary_price ?? 0) })}</span>
              <DeliveryRate rate={deliveryRateOf?.(service.id) ?? null} />
            </span>
          ) : (
            <PriceTag tariff={service} />
          )}
        </>
      )}
    />
  );
}

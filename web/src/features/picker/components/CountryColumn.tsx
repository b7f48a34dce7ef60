import type { Country, PrivateCountry } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import type { ListResult } from '@/lib/catalog/list-result';
import { PickerList } from './PickerList';
import { PriceTag } from './PriceTag';
import { Thumb } from './Thumb';

const nameOf = (country: Country) => country.name;
const idOf = (country: Country) => country.id;

/** Step 1: countries; Private countries also show their per-day price and discount. */
export function CountryColumn({
  result,
  selectedId,
  onSelect,
  priced,
}: {
  result: ListResult<Country | PrivateCountry>;
  selectedId: number | null;
  onSelect: (country: Country | PrivateCountry) => void;
  priced: boolean;
}) {
  const { t } = useTranslation('picker');
  return (
    <PickerList
      index={1}
      title={t('steps.country')}
      searchLabel={t('search.country')}
      result={result}
      emptyText={t('empty.noCountryList')}
      textOf={nameOf}
      keyOf={idOf}
      selectedKey={selectedId}
      onSelect={onSelect}
      renderRow={(country) => (
        <>
          <Thumb src={country.url} name={country.name} />
          <span className="picker-row__name truncated-name">{country.name}</span>
          {priced && 'price_per_day' in country && <PriceTag tariff={country} />}
        </>
      )}
    />
  );
}

import type { Rental } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { countryName } from '@/lib/catalog/localized-countries';
import { Flag } from './Flag';
import './rentals.css';

/** Flag and the country's name in the interface language. */
export function CountryLabel({ country }: { country: Rental['country'] }) {
  const { i18n } = useTranslation();
  return (
    <span className="country-label">
      <Flag code={country.code} />
      <span>{countryName(country, i18n.language)}</span>
    </span>
  );
}

import { useTranslation } from '@/lib/i18n';
import type { Rental } from '@numbernest/contracts';
import { countryName } from '@/lib/catalog/localized-countries';
import { serviceLabel } from '@/features/rentals/format';
import { Countdown } from './Countdown';
import { Flag } from './Flag';
import { StatusBadge } from './StatusBadge';
import './rentals.css';

interface NumberChooserProps {
  rentals: Rental[];
  selectedId: string | null;
  onSelect: (rental: Rental) => void;
}

/** The dashboard's All Number: compact rows; choosing one shows it in Number Details. */
export function NumberChooser({ rentals, selectedId, onSelect }: NumberChooserProps) {
  const { t, i18n } = useTranslation('rentals');
  return (
    <ul className="number-chooser">
      {rentals.map((rental) => (
        <li key={rental.id} data-testid="rental-row" data-status={rental.status} data-id={rental.id}>
          <button type="button" className="number-chooser__row" aria-pressed={rental.id === selectedId} onClick={() => onSelect(rental)}>
            <Flag code={rental.country.code} />
            <span className="number-chooser__identity">
              <span className="number-chooser__number" data-testid="rental-number">
                {rental.number}
              </span>
              <span className="number-chooser__meta">
                {countryName(rental.country, i18n.language)} · {serviceLabel(t, rental)} · {t(`types.${rental.type}`)}
              </span>
            </span>
            <span className="number-chooser__side">
              <StatusBadge rental={rental} />
              <Countdown rental={rental} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

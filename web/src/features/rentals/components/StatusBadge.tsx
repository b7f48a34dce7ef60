import type { Rental } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { statusLabel } from '@/features/rentals/format';
import './rentals.css';

/** Active in green; an ended rental says why it ended. */
export function StatusBadge({ rental }: { rental: Pick<Rental, 'status' | 'ended'> }) {
  const { t } = useTranslation('rentals');
  return (
    <span className={`rental-status rental-status--${rental.status}`} data-testid="rental-status">
      {statusLabel(t, rental)}
    </span>
  );
}

import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Rental } from '@numbernest/contracts';
import { useToast } from '@/components/toast/toast-context';
import { usd } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { CloseRentalDialog } from './CloseRentalDialog';
import { ExtendRentalDialog } from './ExtendRentalDialog';
import { Button } from '@/components/button/Button';
import './rentals.css';

interface RentalActionsProps {
  rental: Rental;
  /** After a close; by default a toast says whether the cost came back. */
  onClosed?: (rental: Rental) => void;
}

/** Extend (when the server says it can be: `can_extend`) and Close for an active rental, each through its dialog. */
export function RentalActions({ rental, onClosed }: RentalActionsProps) {
  const { t, i18n } = useTranslation('rentals');
  const toast = useToast();
  const [dialog, setDialog] = useState<'close' | 'extend' | null>(null);
  if (rental.status !== 'active' && dialog === null) return null;

  const closed = (ended: Rental) => {
    setDialog(null);
    if (onClosed) onClosed(ended);
    else toast.success(ended.ended === 'refunded' ? t('closed.refunded', { amount: usd(ended.price) }) : t('closed.closed'));
  };

  const extended = (after: Rental) => {
    setDialog(null);
    toast.success(t('extend.done', { date: formatDateTime(after.expires_at, i18n.language) }));
  };

  return (
    <div className="rental-actions">
      {rental.can_extend && (
        <Button size="sm" data-testid="rental-extend" onClick={() => setDialog('extend')}>
          {t('actions.extend')}
        </Button>
      )}
      {rental.status === 'active' && (
        <Button variant="danger-outline" size="sm" data-testid="rental-close" onClick={() => setDialog('close')}>
          {t('actions.close')}
        </Button>
      )}
      {dialog === 'close' && <CloseRentalDialog rental={rental} onCancel={() => setDialog(null)} onDone={closed} />}
      {dialog === 'extend' && <ExtendRentalDialog rental={rental} onCancel={() => setDialog(null)} onDone={extended} />}
    </div>
  );
}

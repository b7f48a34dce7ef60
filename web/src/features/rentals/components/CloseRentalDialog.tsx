import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSWRConfig } from 'swr';
import type { Rental } from '@numbernest/contracts';
import { Modal } from '../../../components/modal/Modal';
import { ApiError } from '../../../lib/api-client';
import { usd } from '../../../lib/money';
import { WalletAlert } from '../../wallet/components/WalletAlert';
import { isRentalListKey, rentalPath } from '../api/keys';
import { useCloseRental } from '../api/use-close-rental';
import '../../wallet/components/wallet.css';
import './rentals.css';

interface CloseRentalDialogProps {
  rental: Rental;
  onCancel: () => void;
  /** The ended rental, as the server answered (`ended`: 'refunded' or 'closed'). */
  onDone: (rental: Rental) => void;
}

/**
 * Close a number: before confirming it says whether the cost comes back (no message yet) or not
 * (a message has arrived: no refund after that). Closing releases the number for good.
 */
export function CloseRentalDialog({ rental, onCancel, onDone }: CloseRentalDialogProps) {
  const { t } = useTranslation('rentals');
  const { mutate } = useSWRConfig();
  const { trigger, isMutating } = useCloseRental(rental.id);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const [ended, setEnded] = useState(false);
  const hasMessages = rental.messages_count > 0;

  const confirm = async () => {
    if (isMutating) return;
    setError(null);
    try {
      const reply = await trigger();
      onDone(reply.data);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setError({ text: t('errors.offline') });
      if (failure.status === 409) {
        // It ended meanwhile (expired, or closed in another tab): show it as it is now.
        setEnded(true);
        void mutate(rentalPath(rental.id));
        void mutate(isRentalListKey);
        return setError({ text: t('close.alreadyEnded') });
      }
      setError({ text: t('close.failed'), detail: failure.body.message });
    }
  };

  return (
    <Modal
      title={t('close.title', { number: rental.number })}
      onClose={() => !isMutating && onCancel()}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={isMutating}>
            {ended ? t('close.dismiss') : t('close.keep')}
          </button>
          {!ended && (
            <button type="button" className="btn btn--danger" data-testid="rental-close-confirm" onClick={() => void confirm()} disabled={isMutating} aria-busy={isMutating}>
              {isMutating && <span className="btn-spinner" aria-hidden="true" />}
              {isMutating ? t('close.closing') : t('close.confirm')}
            </button>
          )}
        </>
      }
    >
      <div className="rental-dialog">
        {hasMessages ? (
          <div className="rental-note rental-note--warning" data-testid="rental-close-warning">
            <p className="rental-note__title">{t('close.noRefundTitle')}</p>
            <p>{t('close.noRefund', { count: rental.messages_count })}</p>
          </div>
        ) : (
          <div className="rental-note rental-note--success" data-testid="rental-close-refund">
            <p className="rental-note__title">{t('close.refundTitle', { amount: usd(rental.price) })}</p>
            <p>{t(rental.type === 3 ? 'close.refundTemporary' : 'close.refund', { amount: usd(rental.price) })}</p>
          </div>
        )}
        <p className="rental-dialog__text">{t('close.release')}</p>
        {error && <WalletAlert detail={error.detail}>{error.text}</WalletAlert>}
      </div>
    </Modal>
  );
}

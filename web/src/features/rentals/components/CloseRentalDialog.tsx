import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSWRConfig } from 'swr';
import { NumberType, refundWindowMinutes, type Rental } from '@numbernest/contracts';
import { Modal } from '@/components/modal/Modal';
import { ApiError, retryAt } from '@/lib/api-client';
import { errorCodeOf, serverErrorText } from '@/lib/server-errors';
import { usd } from '@/lib/money';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { formatDateTime } from '@/lib/dates';
import { isRentalListKey, rentalPath } from '@/features/rentals/api/keys';
import { useCloseRental } from '@/features/rentals/api/use-close-rental';
import { formatRemaining, msUntil } from '@/features/rentals/format';
import { useNow } from '@/features/rentals/use-now';
import { Button } from '@/components/button/Button';
import './rentals.css';

interface CloseRentalDialogProps {
  rental: Rental;
  onCancel: () => void;
  /** The ended rental, as the server answered (`ended`: 'refunded' or 'closed'). */
  onDone: (rental: Rental) => void;
}

/**
 * Close a number: before confirming it says whether the cost comes back and until when (the
 * server's `refundable_until`), or why not (a message came, an SMS was sent, the refund window is
 * over, or it was bought without one while the account's standing was limited). An activation cannot be cancelled in its first two minutes: the button waits for
 * `closable_from`. The server decides at the moment of the close; the toast says what it did.
 */
export function CloseRentalDialog({ rental, onCancel, onDone }: CloseRentalDialogProps) {
  const { t, i18n } = useTranslation('rentals');
  const { t: te } = useTranslation('errors');
  const { mutate } = useSWRConfig();
  const { trigger, isMutating } = useCloseRental(rental.id);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const [ended, setEnded] = useState(false);
  const now = useNow();
  const waitMs = msUntil(rental.closable_from, now);
  const tooEarly = waitMs > 0;
  const refundLeftMs = rental.refundable_until ? msUntil(rental.refundable_until, now) : 0;
  const temporary = rental.type === NumberType.Temporary;
  // The server said whether closing refunds (`refundable`); the window may have passed since.
  const refundable = rental.refundable && refundLeftMs > 0;

  const confirm = async () => {
    if (isMutating || tooEarly) return;
    setError(null);
    try {
      const reply = await trigger();
      onDone(reply.data);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setError({ text: t('errors.offline') });
      if (failure.status === 429) return setError({ text: t('close.limited', { date: formatDateTime(retryAt(failure), i18n.language) }) });
      if (errorCodeOf(failure) === 'EARLY_CANCEL_DENIED') return setError({ text: t('close.tooEarly') });
      if (failure.status === 409) {
        // It ended meanwhile (expired, or closed in another tab): show it as it is now.
        setEnded(true);
        void mutate(rentalPath(rental.id));
        void mutate(isRentalListKey);
        return setError({ text: t('close.alreadyEnded') });
      }
      setError({ text: t('close.failed'), detail: serverErrorText(te, failure) });
    }
  };

  return (
    <Modal
      title={t('close.title', { number: rental.number })}
      onClose={() => !isMutating && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={isMutating}>
            {ended ? t('close.dismiss') : t('close.keep')}
          </Button>
          {!ended && (
            <Button variant="danger" data-testid="rental-close-confirm" onClick={() => void confirm()} disabled={isMutating || tooEarly} busy={isMutating}>
              {isMutating ? t('close.closing') : tooEarly ? t('close.confirmIn', { time: formatRemaining(t, waitMs) }) : t('close.confirm')}
            </Button>
          )}
        </>
      }
    >
      <div className="rental-dialog">
        {tooEarly && (
          <div className="rental-note" data-testid="rental-close-wait">
            <p>{t('close.wait', { time: formatRemaining(t, waitMs) })}</p>
          </div>
        )}
        {refundable ? (
          <div className="rental-note rental-note--success" data-testid="rental-close-refund">
            <p className="rental-note__title">{t('close.refundTitle', { amount: usd(rental.price) })}</p>
            <p>
              {temporary
                ? t('close.refundTemporary', { amount: usd(rental.price) })
                : t('close.refund', { amount: usd(rental.price), time: formatRemaining(t, refundLeftMs), minutes: refundWindowMinutes })}
            </p>
          </div>
        ) : (
          <div className="rental-note rental-note--warning" data-testid="rental-close-warning" data-reason={noRefundReason(rental)}>
            <p className="rental-note__title">{t('close.noRefundTitle')}</p>
            <p>{t(`close.noRefund.${noRefundReason(rental)}`, { count: rental.messages_count, minutes: refundWindowMinutes })}</p>
          </div>
        )}
        <p className="rental-dialog__text">{t('close.release')}</p>
        {error && <WalletAlert detail={error.detail}>{error.text}</WalletAlert>}
      </div>
    </Modal>
  );
}

/** Why closing refunds nothing: a message came, an SMS was sent, it came without a refund window, or the window is over. */
const noRefundReason = (rental: Rental) =>
  rental.messages_count > 0 ? 'received' : rental.sent_count > 0 ? 'sent' : rental.refund_window ? 'late' : 'noWindow';

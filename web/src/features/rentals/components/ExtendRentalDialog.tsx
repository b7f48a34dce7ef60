import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSWRConfig } from 'swr';
import { insufficientFundsReplySchema, type Rental } from '@numbernest/contracts';
import { findRentPeriod, rentPeriods, rentalPriceDollars, toCents } from '@numbernest/core/pricing';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { useAuthState } from '@/lib/auth-state';
import { usd } from '@/lib/money';
import { useRentTimes } from '@/lib/catalog/use-rent-times';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { newIdempotencyKey } from '@/lib/idempotency';
import { formatDateTime } from '@/lib/dates';
import { isRentalListKey, rentalPath } from '@/features/rentals/api/keys';
import { useExtendRental } from '@/features/rentals/api/use-extend-rental';
import { useExtensionTariff } from '@/features/rentals/api/use-extension-tariff';
import { rentalPagePath } from '@/lib/paths';
import { Shortfall } from './Shortfall';
import { Select } from '@/components/select/Select';
import { Button } from '@/components/button/Button';
import './rentals.css';

const dayMs = 24 * 60 * 60_000;

interface ExtendRentalDialogProps {
  rental: Rental;
  onCancel: () => void;
  onDone: (rental: Rental) => void;
}

/**
 * Extend a Shared or Private rental by a rent period, priced by the same function as a purchase.
 * Each confirmation has its own Idempotency-Key; pressing Extend again after a network error
 * sends the same key, so it is charged once.
 */
export function ExtendRentalDialog({ rental, onCancel, onDone }: ExtendRentalDialogProps) {
  const { t, i18n } = useTranslation('rentals');
  const { t: te } = useTranslation('errors');
  const selectId = useId();
  const { mutate } = useSWRConfig();
  const { user } = useAuthState();
  const rentTimes = useRentTimes(true);
  const { tariff, error: tariffError, retry } = useExtensionTariff(rental);
  const { trigger, isMutating } = useExtendRental(rental.id);
  const [rentTimeId, setRentTimeId] = useState<number | null>(null);
  const [serverShortfall, setServerShortfall] = useState<number | null>(null);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const [ended, setEnded] = useState(false);
  const attemptKey = useRef<string | null>(null);

  // The catalogue's periods; the built-in list (the same ids) until it answers.
  const periods = (rentTimes.items ?? rentPeriods).filter((period) => findRentPeriod(period.id));
  const priceOf = (id: number) => (tariff ? rentalPriceDollars(tariff, id).total : null);
  const price = rentTimeId === null ? null : priceOf(rentTimeId);
  const balance = user?.balance ?? 0;
  const missingCents = price === null ? 0 : toCents(price) - toCents(balance);
  const shortfall = serverShortfall ?? (missingCents > 0 ? missingCents / 100 : null);
  const days = rentTimeId === null ? 0 : (findRentPeriod(rentTimeId)?.days ?? 0);
  const newEnd = days ? new Date(Date.parse(rental.expires_at) + days * dayMs).toISOString() : null;

  const choose = (value: string) => {
    setRentTimeId(value ? Number(value) : null);
    // Another period is another request: it gets its own key.
    attemptKey.current = null;
    setServerShortfall(null);
    setError(null);
  };

  const confirm = async () => {
    if (isMutating || rentTimeId === null || price === null) return;
    setError(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const reply = await trigger({ rentTimeId, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      onDone(reply.data);
    } catch (failure) {
      // No answer: it may or may not have gone through. The same key makes pressing again safe.
      if (!(failure instanceof ApiError)) return setError({ text: t('errors.offline') });
      attemptKey.current = null;
      if (failure.status === 402) {
        const short = insufficientFundsReplySchema.safeParse(failure.body);
        setServerShortfall(short.success ? short.data.shortfall : Math.max(0.01, missingCents / 100));
        return;
      }
      if (failure.status === 409) {
        setEnded(true);
        void mutate(rentalPath(rental.id));
        void mutate(isRentalListKey);
        return setError({ text: t('extend.ended') });
      }
      setError({ text: t('extend.failed'), detail: serverErrorText(te, failure) });
    }
  };

  const gone = tariff === null;
  const canConfirm = !ended && !gone && price !== null && shortfall === null;

  return (
    <Modal
      title={t('extend.title', { number: rental.number })}
      onClose={() => !isMutating && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={isMutating}>
            {t('extend.cancel')}
          </Button>
          <Button variant="primary" data-testid="rental-extend-confirm" onClick={() => void confirm()} disabled={!canConfirm || isMutating} busy={isMutating}>
            {isMutating ? t('extend.extending') : price !== null ? t('extend.confirmFor', { amount: usd(price) }) : t('extend.confirm')}
          </Button>
        </>
      }
    >
      <div className="rental-dialog">
        <p className="rental-dialog__text">{t('extend.intro', { date: formatDateTime(rental.expires_at, i18n.language) })}</p>
        {gone ? (
          <WalletAlert tone="info">{t('extend.notOffered')}</WalletAlert>
        ) : tariff === undefined && tariffError ? (
          <WalletAlert>
            {t('extend.pricesFailed')}{' '}
            <button type="button" className="link-button" onClick={retry}>
              {t('retry')}
            </button>
          </WalletAlert>
        ) : tariff === undefined ? (
          <Loader size="sm" />
        ) : (
          <Select
            id={selectId}
            label={t('extend.period')}
            data-testid="rental-extend-period"
            value={rentTimeId ?? ''}
            disabled={isMutating || ended}
            onChange={(event) => choose(event.target.value)}
            options={[
              { value: '', label: t('extend.choose') },
              ...periods.map((period) => ({
                value: String(period.id),
                label: t('extend.option', { period: t(`periods.${period.id}`, { defaultValue: period.name }), amount: usd(priceOf(period.id) ?? 0) }),
              })),
            ]}
          />
        )}
        {newEnd && !gone && (
          <dl className="rental-dialog__facts">
            <div>
              <dt>{t('extend.newEnd')}</dt>
              <dd data-testid="rental-extend-new-end">{formatDateTime(newEnd, i18n.language)}</dd>
            </div>
            {price !== null && (
              <div>
                <dt>{t('extend.price')}</dt>
                <dd>{usd(price)}</dd>
              </div>
            )}
          </dl>
        )}
        {shortfall !== null && <Shortfall amount={shortfall} returnTo={rentalPagePath(rental.id)} testId="extend-shortfall" />}
        {error && <WalletAlert detail={error.detail}>{error.text}</WalletAlert>}
      </div>
    </Modal>
  );
}

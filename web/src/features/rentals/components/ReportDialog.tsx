import { useState } from 'react';
import { reportReasons, type Rental, type ReportReason } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { Modal } from '@/components/modal/Modal';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { usd } from '@/lib/money';
import { useReportNumber } from '@/features/rentals/api/use-activation-actions';
import { serviceLabel } from '@/features/rentals/format';
import { Button } from '@/components/button/Button';
import './rentals.css';

interface ReportDialogProps {
  rental: Rental;
  onCancel: () => void;
  onDone: (rental: Rental) => void;
}

/**
 * Report number: the renter says why (the reasons the server allows now are enabled: `can_report`),
 * and learns beforehand what it does: the price comes back and the number is no longer sold for the
 * service.
 */
export function ReportDialog({ rental, onCancel, onDone }: ReportDialogProps) {
  const { t } = useTranslation('rentals');
  const { t: te } = useTranslation('errors');
  const allowed = rental.can_report ?? [];
  const [reason, setReason] = useState<ReportReason | null>(allowed[0] ?? null);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const { trigger, isMutating } = useReportNumber(rental.id);

  const confirm = async () => {
    if (!reason || isMutating) return;
    setError(null);
    try {
      onDone((await trigger({ reason })).data);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setError({ text: t('errors.offline') });
      setError({ text: t('report.failed'), detail: serverErrorText(te, failure) });
    }
  };

  return (
    <Modal
      title={t('report.title', { number: rental.number })}
      onClose={() => !isMutating && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={isMutating}>
            {t('report.keep')}
          </Button>
          <Button variant="danger" data-testid="rental-report-confirm" onClick={() => void confirm()} disabled={isMutating || !reason} busy={isMutating}>
            {t('report.confirm', { amount: usd(rental.price) })}
          </Button>
        </>
      }
    >
      <div className="rental-dialog">
        <fieldset className="report-reasons">
          <legend className="report-reasons__legend">{t('report.why')}</legend>
          {reportReasons.map((option) => (
            <label key={option} className={`report-reason${allowed.includes(option) ? '' : ' report-reason--off'}`}>
              <input
                type="radio"
                name="report-reason"
                value={option}
                checked={reason === option}
                disabled={!allowed.includes(option)}
                onChange={() => setReason(option)}
                data-testid={`report-reason-${option}`}
              />
              <span>
                <span className="report-reason__title">{t(`report.reasons.${option}.title`)}</span>
                <span className="report-reason__text">
                  {allowed.includes(option) ? t(`report.reasons.${option}.text`) : t(`report.reasons.${option}.unavailable`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="rental-note rental-note--success">
          <p>{t('report.outcome', { amount: usd(rental.price), service: serviceLabel(t, rental) })}</p>
        </div>
        {error && <WalletAlert detail={error.detail}>{error.text}</WalletAlert>}
      </div>
    </Modal>
  );
}

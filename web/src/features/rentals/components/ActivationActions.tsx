import { useState } from 'react';
import { NumberType, type Rental } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { usd } from '@/lib/money';
import { useFinishActivation, useRequestAnotherCode } from '@/features/rentals/api/use-activation-actions';
import { ReportDialog } from './ReportDialog';
import { Button } from '@/components/button/Button';
import './rentals.css';

/**
 * A Temporary activation's own actions: Finish and Request another code once a code came (the
 * server says when: `can_finish`, `can_request_another_code`), and Report number while the server
 * allows a report (`can_report`). Cancel for a refund stays Close, next to Number Details.
 */
export function ActivationActions({ rental }: { rental: Rental }) {
  const { t } = useTranslation('rentals');
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const [reporting, setReporting] = useState(false);
  const finish = useFinishActivation(rental.id);
  const another = useRequestAnotherCode(rental.id);
  if (rental.type !== NumberType.Temporary || rental.status !== 'active') return null;
  const canReport = (rental.can_report ?? []).length > 0;
  if (!rental.can_finish && !rental.can_request_another_code && !canReport) return null;
  const busy = finish.isMutating || another.isMutating;

  const run = async (action: typeof finish | typeof another, done: string) => {
    if (busy) return;
    try {
      await action.trigger();
      toast.success(done);
    } catch (failure) {
      toast.error(failure instanceof ApiError ? serverErrorText(te, failure) : t('errors.offline'));
    }
  };

  return (
    <div className="activation-actions" role="group" aria-label={t('activation.actions')}>
      {rental.can_finish && (
        <Button variant="primary" size="sm" data-testid="activation-finish" disabled={busy} onClick={() => void run(finish, t('activation.finished'))}>
          {t('activation.finish')}
        </Button>
      )}
      {rental.can_request_another_code && (
        <Button
          size="sm"
          data-testid="activation-another-code"
          disabled={busy || rental.another_code_requested}
          onClick={() => void run(another, t('activation.anotherRequested'))}
        >
          {t('activation.anotherCode')}
        </Button>
      )}
      {canReport && (
        <Button variant="danger-outline" size="sm" data-testid="activation-report" disabled={busy} onClick={() => setReporting(true)}>
          {t('activation.report')}
        </Button>
      )}
      {reporting && (
        <ReportDialog
          rental={rental}
          onCancel={() => setReporting(false)}
          onDone={(reported) => {
            setReporting(false);
            toast.success(t('report.done', { amount: usd(reported.price) }));
          }}
        />
      )}
    </div>
  );
}

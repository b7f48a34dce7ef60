import type { OpsPayout } from '@numbernest/contracts';
import { ReasonDialog, type ReasonDialogFailure } from '@/features/ops-shared/components/reason-dialog/ReasonDialog';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { approvePayout } from '@/features/ops-payouts/api/approve-payout';
import { refusePayout } from '@/features/ops-payouts/api/refuse-payout';

interface DecidePayoutDialogProps {
  payout: OpsPayout;
  decision: 'approve' | 'refuse';
  onCancel: () => void;
  /** Decided (the words of the toast), or decided by another operator meanwhile (`conflict`): the list is read again. */
  onDone: (result: { message?: string; conflict?: string }) => void;
}

/**
 * Approve a payout once the money was sent (the transfer's reference, required: the partner sees it)
 * or refuse it (a reason, required: the partner sees it, and the amount goes back to their balance).
 */
export function DecidePayoutDialog({ payout, decision, onCancel, onDone }: DecidePayoutDialogProps) {
  const { t } = useTranslation(['ops-payouts', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const approving = decision === 'approve';
  const field = approving ? 'reference' : 'reason';

  const failed = (failure: unknown): ReasonDialogFailure => {
    if (!(failure instanceof ApiError)) return { form: t('ops:common.failed') };
    if (failure.status === 409 && failure.body.code === 'PAYOUT_DECIDED') {
      onDone({ conflict: serverErrorText(te, failure) });
      return undefined;
    }
    const problem = failure.status === 400 ? fieldErrorsFromServer<'reference' | 'reason'>(failure.body)[field] : undefined;
    return problem ? { reason: describeValidation(tv, problem) } : { form: serverErrorText(te, failure) };
  };

  return (
    <ReasonDialog
      id={`${decision}-payout-${payout.id}`}
      title={t(approving ? 'decide.approveTitle' : 'decide.refuseTitle', { amount: usd(payout.amount) })}
      reason={{
        label: approving ? t('decide.reference') : t('ops:common.reason'),
        hint: approving ? t('decide.referenceHint') : t('decide.reasonHint'),
        required: true,
        tooShort: approving ? t('decide.referenceTooShort') : t('decide.reasonTooShort'),
      }}
      cancelLabel={t('ops:common.cancel')}
      confirm={{
        label: approving ? t('decide.approveConfirm') : t('decide.refuseConfirm'),
        className: `btn ${approving ? 'btn--primary' : 'btn--danger'}`,
        testId: 'payout-decide-confirm',
      }}
      onCancel={onCancel}
      send={async (text) => {
        if (approving) await approvePayout(payout.id, { reference: text });
        else await refusePayout(payout.id, { reason: text });
        onDone({ message: t(approving ? 'decide.approved' : 'decide.refused', { amount: usd(payout.amount), email: payout.partner.email }) });
      }}
      failed={failed}
    >
      <p>
        {t(approving ? 'decide.approveText' : 'decide.refuseText', {
          amount: usd(payout.amount),
          email: payout.partner.email,
        })}
      </p>
      <p className="ops-payouts__destination">{payout.destination}</p>
    </ReasonDialog>
  );
}

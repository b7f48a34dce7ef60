import type { OpsTopUp } from '@numbernest/contracts/ops';
import { ReasonDialog, type ReasonDialogFailure } from '@/features/ops-shared/components/reason-dialog/ReasonDialog';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { approveTopUp } from '@/features/ops-top-ups/api/approve-top-up';
import { rejectTopUp } from '@/features/ops-top-ups/api/reject-top-up';

interface DecideTopUpDialogProps {
  topUp: OpsTopUp;
  decision: 'approve' | 'reject';
  onCancel: () => void;
  /** Decided (by this operator, or by another one meanwhile: `conflict`): the row leaves the queue. */
  onDone: (result: { topUp?: OpsTopUp; conflict?: string }) => void;
}

/**
 * Approve (shows the amount that will be credited, reason optional) or reject (reason required) a
 * top-up in review. A 409 means another operator decided first: the dialog says so and the row goes.
 */
export function DecideTopUpDialog({ topUp, decision, onCancel, onDone }: DecideTopUpDialogProps) {
  const { t } = useTranslation(['ops-top-ups', 'ops']);
  const { t: te } = useTranslation('errors');
  const approving = decision === 'approve';

  const send = async (reason: string) => {
    const reply = approving ? await approveTopUp(topUp.id, reason ? { reason } : {}) : await rejectTopUp(topUp.id, { reason });
    onDone({ topUp: reply.data });
  };
  const failed = (failure: unknown): ReasonDialogFailure => {
    if (!(failure instanceof ApiError)) return { form: t('decide.offline') };
    if (failure.status === 409 && failure.body.code === 'TOP_UP_NOT_IN_REVIEW') {
      onDone({ conflict: serverErrorText(te, failure) });
      return undefined;
    }
    return { form: serverErrorText(te, failure) };
  };

  return (
    <ReasonDialog
      id={`decide-${topUp.id}`}
      title={t(approving ? 'decide.approveTitle' : 'decide.rejectTitle')}
      reason={{
        label: approving ? t('decide.reasonOptional') : t('ops:common.reason'),
        hint: t('ops:common.reasonHint'),
        required: !approving,
        tooShort: t('decide.reasonTooShort'),
      }}
      cancelLabel={t('ops:common.cancel')}
      confirm={{
        label: approving ? t('decide.approveConfirm', { amount: usd(topUp.paid ?? 0) }) : t('decide.rejectConfirm'),
        className: `btn ${approving ? 'btn--primary' : 'btn--danger'}`,
        testId: 'top-up-decide-confirm',
      }}
      onCancel={onCancel}
      send={send}
      failed={failed}
    >
      <p>
        {approving
          ? t('decide.approveText', { paid: usd(topUp.paid ?? 0), asked: usd(topUp.asked), email: topUp.user.email })
          : t('decide.rejectText', { email: topUp.user.email })}
      </p>
    </ReasonDialog>
  );
}

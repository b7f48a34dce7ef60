import { useState, type FormEvent } from 'react';
import type { OpsTopUp } from '@numbernest/contracts/ops';
import { FormField } from '../../../components/form-field/FormField';
import { Modal } from '../../../components/modal/Modal';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usd } from '../../../lib/money';
import { serverErrorText } from '../../../lib/server-errors';
import { approveTopUp } from '../api/approve-top-up';
import { rejectTopUp } from '../api/reject-top-up';

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
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const approving = decision === 'approve';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if ((!approving || trimmed) && trimmed.length < 3) return setReasonError(t('decide.reasonTooShort'));
    setReasonError(null);
    setError(null);
    setBusy(true);
    try {
      const reply = approving ? await approveTopUp(topUp.id, trimmed ? { reason: trimmed } : {}) : await rejectTopUp(topUp.id, { reason: trimmed });
      onDone({ topUp: reply.data });
    } catch (failure) {
      setBusy(false);
      if (!(failure instanceof ApiError)) return setError(t('decide.offline'));
      if (failure.status === 409 && failure.body.code === 'TOP_UP_NOT_IN_REVIEW') return onDone({ conflict: serverErrorText(te, failure) });
      setError(serverErrorText(te, failure));
    }
  };

  const formId = `decide-${topUp.id}`;
  return (
    <Modal
      title={t(approving ? 'decide.approveTitle' : 'decide.rejectTitle')}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
            {t('ops:common.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${approving ? 'btn--primary' : 'btn--danger'}`}
            disabled={busy}
            data-testid="top-up-decide-confirm"
          >
            {approving ? t('decide.approveConfirm', { amount: usd(topUp.paid ?? 0) }) : t('decide.rejectConfirm')}
          </button>
        </>
      }
    >
      <form id={formId} className="ops-top-ups__dialog" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {approving
            ? t('decide.approveText', { paid: usd(topUp.paid ?? 0), asked: usd(topUp.asked), email: topUp.user.email })
            : t('decide.rejectText', { email: topUp.user.email })}
        </p>
        <FormField
          id={`${formId}-reason`}
          label={approving ? t('decide.reasonOptional') : t('ops:common.reason')}
          hint={t('ops:common.reasonHint')}
          error={reasonError ?? undefined}
          multiline
          inputProps={{ value: reason, maxLength: 500, required: !approving, onChange: (e) => setReason(e.target.value) }}
        />
        {error && (
          <p className="ops-top-ups__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

import { useState, type FormEvent } from 'react';
import type { HoldDecisionKind, OpsHold, OpsHoldDecisionReply } from '@numbernest/contracts/ops';
import { FormField } from '../../../components/form-field/FormField';
import { Modal } from '../../../components/modal/Modal';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usd } from '../../../lib/money';
import { serverErrorText } from '../../../lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '../../../lib/validation';
import { decideHold } from '../api/decide-hold';

/** Decided, or refused because the hold changed since it was shown (`changed`: the words to show). */
export interface HoldDecisionResult {
  decided?: OpsHoldDecisionReply['data'];
  changed?: string;
}

interface DecideHoldDialogProps {
  hold: OpsHold;
  decision: HoldDecisionKind;
  onCancel: () => void;
  onDone: (result: HoldDecisionResult) => void;
}

/**
 * Release a hold or keep it, with a reason (required: it is kept with the decision and in the audit
 * log). The decision names the reversals shown on the page, so one that came in since is a 409: the
 * dialog hands that back and the page says to look again.
 */
export function DecideHoldDialog({ hold, decision, onCancel, onDone }: DecideHoldDialogProps) {
  const { t } = useTranslation(['ops-holds', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const releasing = decision === 'release';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (trimmed.length < 3) return setReasonError(t('decide.reasonTooShort'));
    setReasonError(null);
    setError(null);
    setBusy(true);
    try {
      const reply = await decideHold(hold.sub, { decision, reason: trimmed, events_seen: hold.events.length });
      onDone({ decided: reply.data });
    } catch (failure) {
      setBusy(false);
      if (!(failure instanceof ApiError)) return setError(t('decide.offline'));
      if (failure.status === 409 || failure.status === 404) return onDone({ changed: t('changed', { email: hold.email }) });
      const fieldProblem = failure.status === 400 ? fieldErrorsFromServer<'reason'>(failure.body).reason : undefined;
      if (fieldProblem) return setReasonError(describeValidation(tv, fieldProblem));
      setError(serverErrorText(te, failure));
    }
  };

  const formId = `decide-hold-${hold.sub}`;
  const owed = hold.balance < 0 ? usd(-hold.balance) : null;
  return (
    <Modal
      title={t(releasing ? 'decide.releaseTitle' : 'decide.keepTitle')}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
            {t('ops:common.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${releasing ? 'btn--primary' : 'btn--secondary'}`}
            disabled={busy}
            data-testid="hold-decide-confirm"
          >
            {t(releasing ? 'decide.releaseConfirm' : 'decide.keepConfirm')}
          </button>
        </>
      }
    >
      <form id={formId} className="ops-holds__dialog" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {releasing
            ? owed
              ? t('decide.releaseTextOwed', { email: hold.email, owed })
              : t('decide.releaseText', { email: hold.email })
            : t('decide.keepText', { email: hold.email })}
        </p>
        <p className="ops-holds__seen">{t('decide.seen', { count: hold.events.length })}</p>
        <FormField
          id={`${formId}-reason`}
          label={t('ops:common.reason')}
          hint={t('ops:common.reasonHint')}
          error={reasonError ?? undefined}
          multiline
          inputProps={{ value: reason, maxLength: 500, required: true, onChange: (e) => setReason(e.target.value) }}
        />
        {error && (
          <p className="ops-holds__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

import type { HoldDecisionKind, OpsHold, OpsHoldDecisionReply } from '@numbernest/contracts/ops';
import { ReasonDialog, type ReasonDialogFailure } from '@/features/ops-shared/components/reason-dialog/ReasonDialog';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { decideHold } from '@/features/ops-holds/api/decide-hold';

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
 * Release a hold or keep it, with a reason (required). The decision names the reversals shown on
 * the page, so one that came in since is a 409: the dialog hands that back and the page says to
 * look again.
 */
export function DecideHoldDialog({ hold, decision, onCancel, onDone }: DecideHoldDialogProps) {
  const { t } = useTranslation(['ops-holds', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const releasing = decision === 'release';
  const owed = hold.balance < 0 ? usd(-hold.balance) : null;

  const failed = (failure: unknown): ReasonDialogFailure => {
    if (!(failure instanceof ApiError)) return { form: t('decide.offline') };
    if (failure.status === 409 || failure.status === 404) {
      onDone({ changed: t('changed', { email: hold.email }) });
      return undefined;
    }
    const fieldProblem = failure.status === 400 ? fieldErrorsFromServer<'reason'>(failure.body).reason : undefined;
    return fieldProblem ? { reason: describeValidation(tv, fieldProblem) } : { form: serverErrorText(te, failure) };
  };

  return (
    <ReasonDialog
      id={`decide-hold-${hold.sub}`}
      title={t(releasing ? 'decide.releaseTitle' : 'decide.keepTitle')}
      reason={{ label: t('ops:common.reason'), hint: t('ops:common.reasonHint'), required: true, tooShort: t('decide.reasonTooShort') }}
      cancelLabel={t('ops:common.cancel')}
      confirm={{
        label: t(releasing ? 'decide.releaseConfirm' : 'decide.keepConfirm'),
        className: `btn ${releasing ? 'btn--primary' : 'btn--secondary'}`,
        testId: 'hold-decide-confirm',
      }}
      onCancel={onCancel}
      send={async (reason) => onDone({ decided: (await decideHold(hold.sub, { decision, reason, events_seen: hold.events.length })).data })}
      failed={failed}
    >
      <p>
        {releasing
          ? owed
            ? t('decide.releaseTextOwed', { email: hold.email, owed })
            : t('decide.releaseText', { email: hold.email })
          : t('decide.keepText', { email: hold.email })}
      </p>
      <p className="ops-holds__seen">{t('decide.seen', { count: hold.events.length })}</p>
    </ReasonDialog>
  );
}

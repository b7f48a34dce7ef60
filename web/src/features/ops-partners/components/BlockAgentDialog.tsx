import type { OpsAgent } from '@numbernest/contracts';
import { ReasonDialog, type ReasonDialogFailure } from '@/features/ops-shared/components/reason-dialog/ReasonDialog';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { blockAgent } from '@/features/ops-partners/api/block-agent';

interface BlockAgentDialogProps {
  agent: OpsAgent;
  onCancel: () => void;
  /** Blocked (the words of the toast), or it changed meanwhile (nothing to say: the list is read again). */
  onDone: (message?: string) => void;
}

/** Block an agent with a reason (required, shown to its partner): the platform takes no numbers from it until unblocked. */
export function BlockAgentDialog({ agent, onCancel, onDone }: BlockAgentDialogProps) {
  const { t } = useTranslation(['ops-partners', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');

  const failed = (failure: unknown): ReasonDialogFailure => {
    if (!(failure instanceof ApiError)) return { form: t('ops:common.failed') };
    const fieldProblem = failure.status === 400 ? fieldErrorsFromServer<'reason'>(failure.body).reason : undefined;
    return fieldProblem ? { reason: describeValidation(tv, fieldProblem) } : { form: serverErrorText(te, failure) };
  };

  return (
    <ReasonDialog
      id={`block-agent-${agent.id}`}
      title={t('agents.blockDialog.title', { name: agent.name })}
      reason={{ label: t('ops:common.reason'), hint: t('agents.blockDialog.hint'), required: true, tooShort: t('agents.blockDialog.reasonTooShort') }}
      cancelLabel={t('ops:common.cancel')}
      confirm={{ label: t('agents.block'), className: 'btn btn--danger', testId: 'agent-block-confirm' }}
      onCancel={onCancel}
      send={async (reason) => {
        await blockAgent(agent.id, { reason });
        onDone(t('agents.blocked', { name: agent.name }));
      }}
      failed={failed}
    >
      <p>{t('agents.blockDialog.text', { name: agent.name, email: agent.partner.email || t('ops:common.none') })}</p>
    </ReasonDialog>
  );
}

import { createAgentRequestSchema, type Agent, type CreateAgentRequest } from '@numbernest/contracts';
import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';

type Field = keyof CreateAgentRequest;

interface AgentFormDialogProps {
  /** The agent being edited; none: a new one. */
  agent?: Agent;
  /** Sends the request; rejects with the server's ApiError (a refused URL comes back on the URL field). */
  onSubmit: (request: CreateAgentRequest) => Promise<void>;
  onClose: () => void;
}

/** Add agent, or rename one and change its URL: a name and a URL, judged by the contract's own schema. */
export function AgentFormDialog({ agent, onSubmit, onClose }: AgentFormDialogProps) {
  const { t } = useTranslation(['partner', 'errors']);
  const { t: tv } = useTranslation('validation');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<Field, CreateAgentRequest>({
    schema: createAgentRequestSchema,
    initial: { name: agent?.name ?? '', url: agent?.url ?? '' },
    idPrefix: agent ? `edit-agent-${agent.id}` : 'new-agent',
    onFailure: (error, placed) => {
      if (!placed) setFormError(error instanceof ApiError ? serverErrorText(t, error) : t('form.failed'));
    },
  });
  const send = form.submit(async (request) => {
    await onSubmit(request);
  });
  const errorText = (field: Field) => {
    const error = form.errors[field];
    return error ? describeValidation(tv, error) : undefined;
  };
  const formId = agent ? `agent-form-${agent.id}` : 'agent-form-new';

  return (
    <Modal
      title={agent ? t('form.editTitle', { name: agent.name }) : t('form.addTitle')}
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={form.busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={form.busy}>
            {agent ? t('form.save') : t('form.add')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="partner-form"
        noValidate
        onSubmit={(event) => {
          setFormError(null);
          void send(event);
        }}
      >
        {formError && (
          <p className="partner-form__alert" role="alert">
            {formError}
          </p>
        )}
        <FormField
          label={t('form.name')}
          error={errorText('name')}
          inputProps={{ autoComplete: 'off', maxLength: 60, placeholder: t('form.namePlaceholder'), ...form.bind('name') }}
        />
        <FormField
          label={t('form.url')}
          error={errorText('url')}
          hint={errorText('url') ? undefined : t('form.urlHint')}
          inputProps={{
            type: 'url',
            inputMode: 'url',
            autoComplete: 'off',
            spellCheck: false,
            placeholder: 'https://sim-bank.example.com/smshub',
            ...form.bind('url'),
          }}
        />
      </form>
    </Modal>
  );
}

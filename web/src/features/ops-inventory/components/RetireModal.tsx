import type { InventoryNumber } from '@numbernest/contracts/ops';
import { reasonSchema } from '@numbernest/contracts/ops';
import { useId, useState } from 'react';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { retireNumber } from '@/features/ops-inventory/api/retire-number';
import { Button } from '@/components/button/Button';

interface Props {
  number: InventoryNumber;
  onClose: () => void;
  onDone: (number: InventoryNumber) => void;
}

/** Retire one number, with the reason the audit log keeps. */
export function RetireModal({ number, onClose, onDone }: Props) {
  const { t } = useTranslation(['ops-inventory', 'ops', 'errors']);
  const toast = useToast();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const valid = reasonSchema.safeParse(reason).success;

  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const retired = await retireNumber(number.id, reason.trim());
      toast.success(t('retire.done', { number: number.e164 }));
      onDone(retired);
    } catch (caught) {
      setError(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('retire.title', { number: number.e164 })}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('ops:common.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={!valid || busy}>
            {t('retire.confirm')}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{t('retire.text')}</p>
        <FormField
          id={`${id}-reason`}
          label={t('ops:common.reason')}
          hint={t('ops:common.reasonHint')}
          error={error}
          multiline
          inputProps={{ value: reason, required: true, minLength: 3, maxLength: 500, rows: 3, onChange: (event) => setReason(event.target.value) }}
        />
      </form>
    </Modal>
  );
}

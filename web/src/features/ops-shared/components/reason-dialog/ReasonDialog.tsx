import { useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { Button } from '@/components/button/Button';
import './ReasonDialog.css';

/** What a failed send shows: under the reason, under the form, or nothing (the caller has dealt with it). */
export type ReasonDialogFailure = { reason: string } | { form: string } | undefined;

interface ReasonDialogProps {
  /** The form's id (and its reason field's prefix): unique on the page. */
  id: string;
  title: string;
  /** What the decision does, above the reason. */
  children: ReactNode;
  reason: { label: string; hint: string; required: boolean; tooShort: string };
  cancelLabel: string;
  confirm: { label: string; className: string; testId?: string };
  onCancel: () => void;
  /** Sends the decision with the trimmed reason ('' when none was given and none is required). */
  send: (reason: string) => Promise<void>;
  failed: (failure: unknown) => ReasonDialogFailure;
}

/**
 * An operator's decision with a reason (kept with the decision and in the audit list): a reason
 * given must have 3 characters or more; while it is sent the dialog cannot be closed or sent again.
 */
export function ReasonDialog({ id, title, children, reason: field, cancelLabel, confirm, onCancel, send, failed }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if ((field.required || trimmed) && trimmed.length < 3) return setReasonError(field.tooShort);
    setReasonError(null);
    setError(null);
    setBusy(true);
    try {
      await send(trimmed);
    } catch (failure) {
      setBusy(false);
      const shown = failed(failure);
      if (shown && 'reason' in shown) setReasonError(shown.reason);
      else if (shown) setError(shown.form);
    }
  };

  return (
    <Modal
      title={title}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <button type="submit" form={id} className={confirm.className} disabled={busy} data-testid={confirm.testId}>
            {confirm.label}
          </button>
        </>
      }
    >
      <form id={id} className="reason-dialog" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <FormField
          id={`${id}-reason`}
          label={field.label}
          hint={field.hint}
          error={reasonError ?? undefined}
          multiline
          inputProps={{ value: reason, maxLength: 500, required: field.required, onChange: (e) => setReason(e.target.value) }}
        />
        {error && (
          <p className="reason-dialog__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

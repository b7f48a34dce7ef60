import type { ReactNode } from 'react';
import { Button } from '@/components/button/Button';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  /** What confirming does, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While the confirmed action runs: both buttons off, and the dialog stays. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirm button's test id. */
  confirmTestId?: string;
}

/** "Are you sure?" before something that cannot be undone (a remove): Cancel, and the action as a danger button. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, busy, onConfirm, onClose, confirmTestId }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

import type { OrphanMessage } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { useTranslation } from '@/lib/i18n';
import { dismissOrphan } from '@/features/ops-orphans/api/dismiss-orphan';
import { OrphanSummary } from './OrphanSummary';
import { useOrphanDecision } from './use-orphan-decision';
import { Button } from '@/components/button/Button';

interface DismissModalProps {
  orphan: OrphanMessage;
  onClose: () => void;
  onDone: () => void;
}

/** Dismiss: the SMS goes to nobody and leaves the open list (kept under Dismissed, with the optional reason). */
export function DismissModal({ orphan, onClose, onDone }: DismissModalProps) {
  const { t } = useTranslation(['ops-orphans', 'ops', 'errors']);
  const [reason, setReason] = useState('');
  const { busy, error, decide } = useOrphanDecision(onDone);
  const trimmed = reason.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < 3;

  const submit = async () => {
    if (!tooShort) await decide(() => dismissOrphan(orphan.id, trimmed ? { reason: trimmed } : {}), t('dismiss.done'));
  };

  return (
    <Modal
      title={t('dismiss.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('ops:common.cancel')}</Button>
          <Button variant="danger" disabled={busy || tooShort} onClick={() => void submit()}>
            {t('dismiss.submit')}
          </Button>
        </>
      }
    >
      <OrphanSummary orphan={orphan} />
      <FormField
        id="orphan-dismiss-reason"
        label={t('dismiss.reason')}
        hint={t('ops:common.reasonHint')}
        error={tooShort ? t('dismiss.reasonShort') : undefined}
        multiline
        inputProps={{ value: reason, maxLength: 500, rows: 3, onChange: (event) => setReason(event.target.value) }}
      />
      {error && (
        <p className="orphan-modal__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { useTranslation } from '@/lib/i18n';
import { useRemoveWhatsApp } from '@/features/account/api/use-remove-whatsapp';

/** "Remove WhatsApp number?": asks, removes, and says so; a failure stays in the dialog. */
export function RemoveWhatsAppDialog({ number, onClose, onRemoved }: { number: string; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const removeNumber = useRemoveWhatsApp();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function remove() {
    setBusy(true);
    setFailed(false);
    try {
      await removeNumber();
      onRemoved();
      toast.success(t('settings.whatsapp.removed'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('settings.whatsapp.removeTitle')}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('settings.whatsapp.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={busy}>
            {t('settings.whatsapp.remove')}
          </Button>
        </>
      }
    >
      <p>{t('settings.whatsapp.removeText', { number })}</p>
      {failed ? (
        <p className="danger__error" role="alert">
          {t('settings.whatsapp.removeFailed')}
        </p>
      ) : null}
    </Modal>
  );
}

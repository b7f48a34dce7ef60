import { useState } from 'react';
import { ConfirmDialog } from '@/components/modal/ConfirmDialog';
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
    <ConfirmDialog
      title={t('settings.whatsapp.removeTitle')}
      confirmLabel={t('settings.whatsapp.remove')}
      cancelLabel={t('settings.whatsapp.cancel')}
      busy={busy}
      onConfirm={() => void remove()}
      onClose={onClose}
    >
      <p>{t('settings.whatsapp.removeText', { number })}</p>
      {failed ? (
        <p className="danger__error" role="alert">
          {t('settings.whatsapp.removeFailed')}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

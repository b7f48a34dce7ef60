import { useState } from 'react';
import { ConfirmDialog } from '@/components/modal/ConfirmDialog';
import { useToast } from '@/components/toast/toast-context';
import { useTranslation } from '@/lib/i18n';
import { useUnlinkMessenger } from '@/features/account/api/use-unlink-messenger';

/** "Unlink Messenger?": asks, unlinks, and says so; a failure stays in the dialog. */
export function UnlinkMessengerDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const unlink = useUnlinkMessenger();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function confirm() {
    setBusy(true);
    setFailed(false);
    try {
      await unlink();
      onClose();
      toast.success(t('settings.messenger.unlinked'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={t('settings.messenger.unlinkTitle')}
      confirmLabel={t('settings.messenger.unlink')}
      cancelLabel={t('settings.messenger.cancel')}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
      confirmTestId="messenger-unlink-confirm"
    >
      <p>{t('settings.messenger.unlinkText')}</p>
      {failed ? (
        <p className="danger__error" role="alert">
          {t('settings.messenger.failed')}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

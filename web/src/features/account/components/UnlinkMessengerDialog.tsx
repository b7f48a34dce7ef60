import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { Modal } from '@/components/modal/Modal';
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
    <Modal
      title={t('settings.messenger.unlinkTitle')}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('settings.messenger.cancel')}
          </Button>
          <Button variant="danger" data-testid="messenger-unlink-confirm" onClick={() => void confirm()} disabled={busy}>
            {t('settings.messenger.unlink')}
          </Button>
        </>
      }
    >
      <p>{t('settings.messenger.unlinkText')}</p>
      {failed ? (
        <p className="danger__error" role="alert">
          {t('settings.messenger.failed')}
        </p>
      ) : null}
    </Modal>
  );
}

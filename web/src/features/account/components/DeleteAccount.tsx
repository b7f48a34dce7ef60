import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { Panel } from '@/components/panel/Panel';
import { useDeleteAccount } from '@/features/account/api/use-delete-account';
import { useSignOutLocally } from '@/features/account/api/use-sign-out-locally';
import { setEndingHere } from '@/lib/session/session-keeper';
import { Button } from '@/components/button/Button';
import '@/components/form-field/field.css';

/** What the person types to confirm; the same word in every language, so it is never translated away. */
export const deleteConfirmWord = 'DELETE';

/** Delete account: a modal asks the person to type DELETE, then the account goes and so does the session. */
export function DeleteAccount() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const signOutLocally = useSignOutLocally();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const afterLeaving = useRef<(() => void) | null>(null);
  useEffect(() => () => afterLeaving.current?.(), []);

  function close() {
    if (busy) return;
    setOpen(false);
    setTyped('');
    setFailed(false);
  }

  async function confirm() {
    if (typed !== deleteConfirmWord) return;
    setBusy(true);
    setFailed(false);
    // The server ends the session with the account: its 401s must not send the person to /logIn first.
    setEndingHere(true);
    try {
      await deleteAccount();
      // Sign out once the dashboard has left the screen: signed out under it, its guard would send
      // the person to /logIn instead of home.
      afterLeaving.current = () => {
        void signOutLocally();
        setEndingHere(false);
        toast.success(t('settings.delete.done'));
      };
      await navigate('/', { replace: true });
    } catch (error) {
      console.error('Account could not be deleted', error);
      setEndingHere(false);
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <Panel title={t('settings.delete.title')} className="panel--danger">
      <div className="danger">
        <p className="danger__text">{t('settings.delete.text')}</p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('settings.delete.open')}
        </Button>
      </div>
      {open && (
        <Modal
          title={t('settings.delete.modalTitle')}
          onClose={close}
          footer={
            <>
              <Button onClick={close} disabled={busy}>
                {t('settings.delete.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirm()} disabled={typed !== deleteConfirmWord || busy}>
                {t(busy ? 'settings.delete.deleting' : 'settings.delete.confirm')}
              </Button>
            </>
          }
        >
          <p className="danger__warning">{t('settings.delete.warning')}</p>
          <label className="danger__label" htmlFor="delete-confirm">
            {t('settings.delete.typeToConfirm', { word: deleteConfirmWord })}
          </label>
          <input
            id="delete-confirm"
            className="field__control danger__input"
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && void confirm()}
          />
          {failed && (
            <p className="danger__error" role="alert">
              {t('settings.delete.failed')}
            </p>
          )}
        </Modal>
      )}
    </Panel>
  );
}

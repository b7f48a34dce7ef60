/**
 * Google sign-in.
 *
 * Decision: on deployed stages the button runs Amplify's `signInWithRedirect({ provider: 'Google' })`
 * (Cognito hosted UI, code flow with PKCE, back at /auth/callback). Locally it opens an explanation
 * that Google sign-in works on deployed stages only, with the way to e-mail sign-in. Why not a
 * local imitation against cognito-local 5.3.0's /oauth2/authorize + /oauth2/token:
 * - Amplify builds `https://${domain}/oauth2/...` (signInWithRedirect.mjs, completeOAuthFlow.mjs),
 *   and the local cloud is plain http, so Amplify's own redirect flow cannot be pointed at it;
 * - a hand-written PKCE exchange would be a second, local-only code path, while the deployed one
 *   would stay untested (docs/decisions/0004-emulators-not-mocks.md: sandboxes drive the production path, not a look-alike);
 * - cognito-local's /oauth2/authorize is a username/password form for the pool's own users (no
 *   Google in it), it posts to the absolute `/oauth2/authorize` (outside the `/_local/cognito`
 *   proxy prefix), and the local app client registers no callback URLs.
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Modal } from '@/components/modal/Modal';
import { hasOAuth, loadRuntimeConfig } from '@/lib/config';
import { Button } from '@/components/button/Button';

export function GoogleButton({ onFailed, onUseEmail }: { onFailed: (error: unknown) => void; onUseEmail: () => void }) {
  const { t } = useTranslation('auth');
  const [explaining, setExplaining] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const start = async () => {
    setLeaving(true);
    try {
      const config = await loadRuntimeConfig();
      if (!hasOAuth(config)) {
        setExplaining(true);
        setLeaving(false);
        return;
      }
      const { startGoogleSignIn } = await import('@/lib/session/cognito');
      await startGoogleSignIn(); // the browser leaves for the hosted UI
    } catch (error) {
      setLeaving(false);
      onFailed(error);
    }
  };

  const closeAndUseEmail = () => {
    setExplaining(false);
    // After the dialog has gone: while it is open the page behind is inert and cannot take focus.
    setTimeout(onUseEmail, 0);
  };

  return (
    <>
      <Button size="lg" block className="google-btn" onClick={() => void start()} disabled={leaving}>
        <GoogleMark />
        {t('google.button')}
      </Button>
      {explaining && (
        <Modal
          title={t('google.localTitle')}
          onClose={() => setExplaining(false)}
          footer={
            <Button variant="primary" onClick={closeAndUseEmail}>
              {t('google.useEmail')}
            </Button>
          }
        >
          <p>{t('google.localText')}</p>
          <p className="auth-hint">{t('google.localWhy')}</p>
        </Modal>
      )}
    </>
  );
}

/** Google's "G", in its colours. */
function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

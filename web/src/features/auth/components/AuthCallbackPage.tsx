import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { Hub } from 'aws-amplify/utils';
import { Loader } from '@/components/loader/Loader';
import { hasOAuth, loadRuntimeConfig } from '@/lib/config';
import { currentIdToken } from '@/lib/session/cognito';
import { establishSession } from '@/lib/session/session';
import { AuthAlert } from './AuthAlert';
import { AuthFrame } from './AuthFrame';

type State = 'working' | 'failed' | 'unavailable';

/**
 * Where the hosted UI sends the browser back after Google. Configuring Amplify (with
 * enable-oauth-listener) exchanges the code; fetchAuthSession waits for that, then the session is
 * set up like after a password sign-in. Locally there is no hosted UI: the page says so.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [state, setState] = useState<State>('working');

  useEffect(() => {
    let live = true;
    const fail = (next: State = 'failed') => live && setState(next);
    // The hosted UI reports a refusal (e.g. the visitor cancelled) in the query.
    if (new URLSearchParams(window.location.search).has('error')) {
      fail();
      return;
    }
    const stop = Hub.listen('auth', ({ payload }) => payload.event === 'signInWithRedirect_failure' && fail());
    (async () => {
      if (!hasOAuth(await loadRuntimeConfig())) return fail('unavailable');
      if (!(await currentIdToken())) return fail();
      await establishSession();
      if (live) await navigate('/dashboard', { replace: true });
    })().catch(() => fail());
    return () => {
      live = false;
      stop();
    };
  }, [navigate]);

  if (state === 'working') {
    return (
      <AuthFrame title={t('callback.title')}>
        <Loader block label={t('callback.title')} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t(state === 'unavailable' ? 'google.localTitle' : 'callback.failedTitle')}>
      <AuthAlert tone={state === 'unavailable' ? 'info' : 'error'}>{t(state === 'unavailable' ? 'google.localText' : 'callback.failedText')}</AuthAlert>
      <div className="auth-actions">
        <Link className="btn btn--primary btn--lg btn--block" to="/logIn">
          {t('actions.logIn')}
        </Link>
      </div>
    </AuthFrame>
  );
}

import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet } from 'react-router-dom';
import { Loader } from '../../components/loader/Loader';
import { useAuthState } from '../../lib/auth-state';
import { Footer } from './Footer';
import { Header } from './Header';
import { useDocumentMeta } from './use-document-meta';
import { useScrollOnNavigate } from './use-scroll-on-navigate';
import './MainLayout.css';

/** The shared layout: sticky header, the routed page, footer. */
export function MainLayout() {
  const { t } = useTranslation('common');
  const { user, loggedIn } = useAuthState();
  useDocumentMeta();
  useScrollOnNavigate();
  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header user={loggedIn ? user : null} />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Suspense fallback={<Loader block />}>
          <UntilHydrated>
            <Outlet />
          </UntilHydrated>
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

const subscribeNever = () => () => undefined;

/**
 * A prerendered page's controls stay disabled until the page has hydrated: a click or typing that
 * no handler would see yet (or a native form submit, which would put the fields in the URL) has to
 * wait for the app instead. In the same Suspense boundary as the page, so both hydrate together; a
 * client render is enabled from the start.
 */
function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return (
    <fieldset className="layout__page" role="presentation" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}

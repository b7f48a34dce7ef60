import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Loader } from '../../components/loader/Loader';
import { useAuthState } from '../../lib/auth-state';
import { Footer } from './Footer';
import { Header } from './Header';
import { useDocumentMeta } from './use-document-meta';
import { useScrollOnNavigate } from './use-scroll-on-navigate';
import './MainLayout.css';

/** Spec §2 shared layout: sticky header, the routed page, footer. */
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
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

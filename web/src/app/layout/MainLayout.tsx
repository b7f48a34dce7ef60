import { Suspense } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Outlet } from 'react-router-dom';
import { Loader } from '@/components/loader/Loader';
import { useAuthState } from '@/lib/auth-state';
import { Footer } from './Footer';
import { Header } from './Header';
import { UntilHydrated } from './UntilHydrated';
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
      {/* The header hydrates with the layout, once the shell's copy is loaded; the page in its own Suspense boundary, when its code arrives. */}
      <UntilHydrated>
        <Header user={loggedIn ? user : null} />
      </UntilHydrated>
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

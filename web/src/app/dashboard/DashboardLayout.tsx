import { Suspense } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Outlet } from 'react-router-dom';
import { Loader } from '@/components/loader/Loader';
import { AccountHoldBanner } from '@/components/account-hold/AccountHoldBanner';
import { DashboardNavList } from './DashboardNavList';
import './dashboard.css';

/** Every /dashboard route (and Payment, signed in): the side navigation on desktop (the header's drawer on small screens), the hold banner, then the page. */
export default function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="container container--wide dash">
      <aside className="dash__side">
        <nav className="dash__nav" aria-label={t('nav.label')}>
          <DashboardNavList />
        </nav>
      </aside>
      <div className="dash__main">
        <AccountHoldBanner />
        <Suspense fallback={<Loader block />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@/components/icons/Icons';
import { LanguageDropdown } from '@/components/language/LanguageDropdown';
import { useDismiss } from '@/components/use-dismiss';
import type { SessionUser } from '@/lib/auth-state';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';
import { useScrolledPast } from './use-scrolled-past';
import './Header.css';

// The signed-in parts load on demand: a visitor's landing page never ships them.
const SignedInTools = lazy(() => import('./signed-in/SignedInTools'));
const DashboardDrawer = lazy(() => import('./signed-in/DashboardDrawer'));

const drawerId = 'dashboard-drawer';

const links = [
  { to: '/service', label: 'nav.service' },
  { to: '/about', label: 'nav.about' },
  { to: '/contact-us', label: 'nav.contact' },
] as const;

/**
 * The dashboard header variant is chosen by the path containing 'dashboard', and on Payment, which
 * a signed-in person sees inside the dashboard's shell (the balance in view while paying).
 */
export const isDashboardPath = (pathname: string) => pathname.includes('dashboard') || pathname === '/payment';

/**
 * Sticky site header. Signed out: links, language, theme, Sign In / Sign Up, a hamburger menu up to
 * 768px. Signed in: the user menu instead of the buttons. Inside the dashboard: a wider bar with the
 * balance, the notification bell and the user menu, and a side drawer instead of the hamburger menu.
 */
export function Header({ user = null }: { user?: SessionUser | null }) {
  const { t } = useTranslation('common');
  const scrolled = useScrolledPast();
  const [menuOpen, setMenuOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const dashboard = user !== null && isDashboardPath(pathname);
  // The drawer handles its own dismissal (it lives outside the header, over the page).
  useDismiss(root, menuOpen && !dashboard, () => setMenuOpen(false));
  useEffect(() => setMenuOpen(false), [pathname]);

  const navLinks = links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className="site-nav__link">
        {t(link.label)}
      </NavLink>
    </li>
  ));

  return (
    <header
      ref={root}
      className={`site-header${scrolled ? ' site-header--scrolled' : ''}${dashboard ? ' site-header--dashboard' : ''}`}
      data-scrolled={scrolled}
    >
      <div className={`${dashboard ? 'container container--wide' : 'container'} site-header__bar`}>
        {dashboard && (
          <button
            type="button"
            className="icon-btn site-header__drawer-btn"
            aria-expanded={menuOpen}
            aria-controls={drawerId}
            aria-label={t('nav.openDashboardMenu')}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon size={20} />
          </button>
        )}
        <Logo />
        {!dashboard && (
          <nav className="site-nav" aria-label={t('nav.main')}>
            <ul className="site-nav__list">{navLinks}</ul>
          </nav>
        )}
        <div className="site-header__tools">
          <LanguageDropdown />
          <ThemeToggle />
          {user ? (
            <Suspense fallback={<span className="site-header__account-slot" />}>
              <SignedInTools user={user} dashboard={dashboard} />
            </Suspense>
          ) : (
            <SignedOutActions className="site-header__account" />
          )}
          {!dashboard && (
            <button
              type="button"
              className="icon-btn site-header__burger"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
            </button>
          )}
        </div>
      </div>
      {menuOpen && !dashboard && (
        <nav id="mobile-menu" className="mobile-menu" aria-label={t('nav.mobile')}>
          <ul className="mobile-menu__list">{navLinks}</ul>
          {user ? null : <SignedOutActions className="mobile-menu__account" />}
        </nav>
      )}
      {dashboard && (
        <Suspense fallback={null}>
          <DashboardDrawer id={drawerId} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

function SignedOutActions({ className }: { className: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={className}>
      <Link to="/logIn" className="btn btn--secondary">
        {t('nav.signIn')}
      </Link>
      <Link to="/signUp" className="btn btn--primary">
        {t('nav.signUp')}
      </Link>
    </div>
  );
}

import { useTranslation } from '@/lib/i18n';
import { NavLink } from 'react-router-dom';
import { useLogout } from '@/features/auth/api/use-logout';
import { drawerLinks } from './nav';
import { PartnerLink } from './PartnerLink';
import { LogoutIcon } from '@/components/icons/dashboard-icons';
import './nav-list.css';

/**
 * The dashboard's navigation (the drawer list: Home ... Account Setting, Logout). The desktop
 * side navigation and the mobile drawer both show it; `onNavigate` lets the drawer close itself.
 */
export function DashboardNavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('dashboard');
  const logout = useLogout();
  return (
    <>
      <ul className="side-links">
        {drawerLinks.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className="menu-link side-link" onClick={onNavigate}>
              <Icon size={20} />
              {t(label)}
            </NavLink>
          </li>
        ))}
        <PartnerLink label="nav.partner" className="menu-link side-link" iconSize={20} onNavigate={onNavigate} />
      </ul>
      <button
        type="button"
        className="menu-link menu-link--logout side-link side-link--logout"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <LogoutIcon size={20} />
        {t('nav.logout')}
      </button>
    </>
  );
}

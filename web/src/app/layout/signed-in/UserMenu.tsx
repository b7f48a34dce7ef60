import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { NavLink } from 'react-router-dom';
import { ChevronDownIcon } from '@/components/icons/Icons';
import { LogoutIcon, ShieldCheckIcon } from '@/components/icons/dashboard-icons';
import { opsPaths } from '@/lib/paths';
import { userMenuLinks } from '@/app/dashboard/nav';
import { PartnerLink } from '@/app/dashboard/PartnerLink';
import type { SessionUser } from '@/lib/auth-state';

interface UserMenuProps {
  user: SessionUser;
  open: boolean;
  onToggle: () => void;
  onLogout: () => void;
}

/** The avatar button and its menu: My Dashboard ... Account setting (then Partner, for partners, and Operator, for operators), then Logout. */
export function UserMenu({ user, open, onToggle, onLogout }: UserMenuProps) {
  const { t } = useTranslation('dashboard');
  const menuId = useId();
  return (
    <div className="user-menu">
      <button
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('menu.label', { email: user.email })}
        onClick={onToggle}
      >
        <span className="avatar" aria-hidden="true">
          {user.email.slice(0, 1).toUpperCase()}
        </span>
        <ChevronDownIcon size={16} className={`user-menu__chevron${open ? ' user-menu__chevron--open' : ''}`} />
      </button>
      {open && (
        <div id={menuId} className="user-menu__dropdown">
          <div className="user-menu__who">
            <span className="avatar avatar--lg" aria-hidden="true">
              {user.email.slice(0, 1).toUpperCase()}
            </span>
            <span className="truncated-name" title={user.email}>
              {user.email}
            </span>
          </div>
          <nav aria-label={t('menu.nav')}>
            <ul>
              {userMenuLinks.map(({ to, label, icon: Icon, end }) => (
                <li key={label}>
                  <NavLink to={to} end={end} className="menu-link user-menu__link">
                    <Icon size={18} />
                    {t(label)}
                  </NavLink>
                </li>
              ))}
              <PartnerLink label="menu.partner" className="menu-link user-menu__link" iconSize={18} />
              {user.operator && (
                <li>
                  <NavLink to={opsPaths.home} className="menu-link user-menu__link">
                    <ShieldCheckIcon size={18} />
                    {t('menu.operator')}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <button type="button" className="menu-link menu-link--logout user-menu__link" onClick={onLogout}>
            <LogoutIcon size={18} />
            {t('menu.logout')}
          </button>
        </div>
      )}
    </div>
  );
}

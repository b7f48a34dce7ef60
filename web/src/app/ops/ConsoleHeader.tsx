import { LogoutIcon } from '@/components/icons/dashboard-icons';
import { LanguageDropdown } from '@/components/language/LanguageDropdown';
import { useLogout } from '@/features/auth/api/use-logout';
import { useAuthState } from '@/lib/auth-state';
import { useTranslation } from '@/lib/i18n';
import { Logo } from '@/app/layout/Logo';
import { ThemeToggle } from '@/app/layout/ThemeToggle';
import '@/app/layout/Header.css';

/** The console's own bar: the site's logo (a way back), the console's name, who is signed in, language, theme, sign out. */
export function ConsoleHeader() {
  const { t } = useTranslation('ops');
  const { user } = useAuthState();
  const logout = useLogout();
  return (
    <header className="console-header">
      <div className="console-header__bar">
        <div className="console-header__brand">
          <Logo className="console-header__logo" />
          <span className="console-header__name">{t('shell.name')}</span>
        </div>
        <div className="console-header__tools">
          {user && (
            <span className="console-header__who" title={user.email}>
              {user.email}
            </span>
          )}
          <LanguageDropdown />
          <ThemeToggle />
          <button
            type="button"
            className="icon-btn"
            aria-label={t('shell.signOut')}
            title={user ? t('shell.signOutOf', { email: user.email }) : t('shell.signOut')}
            onClick={() => void logout()}
          >
            <LogoutIcon size={18} />
          </button>
        </div>
      </div>
    </header>
  );
}

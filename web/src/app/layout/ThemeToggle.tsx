import { useTranslation } from '@/lib/i18n';
import { MoonIcon, SunIcon } from '@/components/icons/Icons';
import { useTheme } from '@/lib/theme';

/** Sun in dark mode (go light), moon in light mode (go dark); the choice is stored under `Theme`. */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button type="button" className="icon-btn" onClick={toggleTheme} aria-label={t(dark ? 'theme.toLight' : 'theme.toDark')} aria-pressed={dark}>
      {dark ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </button>
  );
}

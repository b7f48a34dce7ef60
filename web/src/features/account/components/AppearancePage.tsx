import { useTranslation, languages, setLanguage, type LanguageCode } from '@/lib/i18n';
import { useTheme, type Theme } from '@/lib/theme';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { Panel } from '@/components/panel/Panel';
import { ChoiceCard } from './ChoiceCard';
import './account.css';

const themes: Theme[] = ['light', 'dark'];

/** Appearance: Theme (light/dark) and Language (EN/RUS), through the app's own theme and language helpers. */
export default function AppearancePage() {
  const { t, i18n } = useTranslation('account');
  const { theme, setTheme } = useTheme();
  const current: LanguageCode = languages.find((language) => language.lng === i18n.language)?.code ?? 'EN';

  return (
    <DashboardPage title={t('appearance.title')} lead={t('appearance.lead')}>
      <Panel title={t('appearance.theme')}>
        <div className="choices" role="radiogroup" aria-label={t('appearance.theme')}>
          {themes.map((value) => (
            <ChoiceCard
              key={value}
              name="theme"
              checked={theme === value}
              onSelect={() => setTheme(value)}
              label={t(`appearance.themes.${value}`)}
              hint={t(`appearance.themeHints.${value}`)}
            >
              <span className={`theme-swatch theme-swatch--${value}`} aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
            </ChoiceCard>
          ))}
        </div>
      </Panel>
      <Panel title={t('appearance.language')}>
        <div className="choices" role="radiogroup" aria-label={t('appearance.language')}>
          {languages.map((language) => (
            <ChoiceCard
              key={language.code}
              name="language"
              checked={current === language.code}
              onSelect={() => void setLanguage(language.code)}
              label={t(`appearance.languages.${language.code}`)}
              hint={language.code}
            >
              <img className="choice__flag" src={language.flag} alt="" width={36} height={27} />
            </ChoiceCard>
          ))}
        </div>
      </Panel>
    </DashboardPage>
  );
}

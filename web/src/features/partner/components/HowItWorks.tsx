import { Panel } from '@/components/panel/Panel';
import { useTranslation } from '@/lib/i18n';

/** What a partner's agent must do, and how it earns. */
export function HowItWorks() {
  const { t } = useTranslation('partner');
  return (
    <Panel title={t('how.title')} className="partner-how">
      <ul className="partner-how__list">
        <li>{t('how.protocol')}</li>
        <li>{t('how.countries')}</li>
        <li>{t('how.stock')}</li>
        <li>{t('how.sell')}</li>
        <li>{t('how.earn')}</li>
      </ul>
    </Panel>
  );
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { installOffer, onInstallOfferChange, promptInstall } from '@/lib/pwa/install-prompt';
import { PageIntro } from '@/components/page-intro/PageIntro';
import { Button } from '@/components/button/Button';
import '@/styles/page.css';
import './install.css';

const platforms = [
  { section: 'mobile', ways: ['android', 'ios'] },
  { section: 'desktop', ways: ['chrome', 'other'] },
] as const;

/** Running as the installed app (its own window), where there is nothing left to install. */
function useInstalled(): boolean {
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const standalone = window.matchMedia?.('(display-mode: standalone)');
    const update = () => setInstalled(!!standalone?.matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);
    update();
    standalone?.addEventListener?.('change', update);
    addEventListener('appinstalled', update);
    return () => {
      standalone?.removeEventListener?.('change', update);
      removeEventListener('appinstalled', update);
    };
  }, []);
  return installed;
}

/** How to install the app on a phone and a computer; an Install button where the browser offers it. */
export default function InstallPage() {
  const { t } = useTranslation('pwa');
  // Null at build time (the prerendered page): the button appears once the browser made its offer.
  const offer = useSyncExternalStore(onInstallOfferChange, installOffer, () => null);
  const installed = useInstalled();
  return (
    <div className="page">
      <PageIntro title={t('install.title')} lead={t('install.lead')}>
        {installed ? (
          <p className="install-status">{t('install.installed')}</p>
        ) : (
          offer && (
            <Button variant="primary" className="install-button" onClick={() => void promptInstall()}>
              {t('install.button')}
            </Button>
          )
        )}
      </PageIntro>
      <div className="container page-body">
        {platforms.map(({ section, ways }) => (
          <section key={section} aria-labelledby={`install-${section}`} className="install-section">
            <h2 id={`install-${section}`} className="page-section-title">
              {t(`install.${section}.title`)}
            </h2>
            <ul className="card-grid">
              {ways.map((way) => (
                <li key={way} className="page-card">
                  <h3>{t(`install.${section}.${way}.title`)}</h3>
                  <ol className="install-steps">
                    {copyList<string>(t, `install.${section}.${way}.steps`).map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="install-notifications" className="install-section">
          <h2 id="install-notifications" className="page-section-title">
            {t('install.notifications.title')}
          </h2>
          <p>{t('install.notifications.text')}</p>
        </section>
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { SectionHeading } from './SectionHeading';
import { BrowserIcon, DesktopIcon, MessengerIcon, PhoneIcon, SendIcon, WhatsAppIcon } from './icons';

interface Platform {
  name: string;
  text: string;
}

// Web, mobile app, desktop app, Telegram bot, WhatsApp bot, Messenger bot, in the locale's order.
const icons = [BrowserIcon, PhoneIcon, DesktopIcon, SendIcon, WhatsAppIcon, MessengerIcon];
// The mobile and desktop apps are the installable web app: they lead to its install page.
const installable = new Set([1, 2]);

export function Platforms() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-platforms">
      <div className="container">
        <SectionHeading id="home-platforms" title={t('platforms.title')} lead={t('platforms.lead')} />
        <ul className="home-platforms">
          {copyList<Platform>(t, 'platforms.items').map((platform, index) => {
            const Icon = icons[index % icons.length]!;
            return (
              <li key={platform.name} className="home-platforms__item">
                <span className="home-icon-badge">
                  <Icon />
                </span>
                <h3>{platform.name}</h3>
                <p>{platform.text}</p>
                {installable.has(index) && (
                  <Link to="/install" className="home-platforms__link">
                    {t('platforms.install')}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

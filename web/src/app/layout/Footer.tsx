import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { FacebookIcon, LinkedInIcon, TelegramIcon, YouTubeIcon } from '@/components/icons/Icons';
import { Logo } from './Logo';
import './Footer.css';

const information = [
  { to: '/blogs', label: 'footer.blog' },
  { to: '/tutorial', label: 'footer.tutorials' },
  { to: null, label: 'footer.helpDesk' }, // Help Desk has no target (as in the original client)
  { to: '/payment-policy', label: 'footer.paymentPolicy' },
  { to: '/api-docs', label: 'footer.apiDocs' },
] as const;

const company = [
  { to: '/about', label: 'footer.about' },
  { to: '/contact-us', label: 'footer.contact' },
  { to: '/privacy-policy', label: 'footer.privacy' },
  { to: '/terms-condition', label: 'footer.terms' },
] as const;

const socials = [
  { href: 'https://www.facebook.com/', label: 'footer.social.facebook', Icon: FacebookIcon },
  { href: 'https://t.me/', label: 'footer.social.telegram', Icon: TelegramIcon },
  { href: 'https://www.linkedin.com/', label: 'footer.social.linkedin', Icon: LinkedInIcon },
  { href: 'https://www.youtube.com/', label: 'footer.social.youtube', Icon: YouTubeIcon },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
          <ul className="site-footer__social" aria-label={t('footer.followUs')}>
            {socials.map(({ href, label, Icon }) => (
              <li key={href}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t(label)} className="site-footer__social-link">
                  <Icon size={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title={t('footer.information')}>
          {information.map((item) => (
            <li key={item.label}>
              {item.to ? (
                <Link to={item.to} className="site-footer__link">
                  {t(item.label)}
                </Link>
              ) : (
                <span className="site-footer__link site-footer__link--static">{t(item.label)}</span>
              )}
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t('footer.company')}>
          {company.map((item) => (
            <li key={item.label}>
              <Link to={item.to} className="site-footer__link">
                {t(item.label)}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t('footer.downloadApp')}>
          <li>
            <Link to="/install" className="store-badge">
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <span className="store-badge__text">
                <span className="store-badge__small">{t('footer.installSmall')}</span>
                <span className="store-badge__big">{t('footer.installBig')}</span>
              </span>
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="site-footer__bottom">
        <p className="container">{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="site-footer__column">
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__list">{children}</ul>
    </div>
  );
}

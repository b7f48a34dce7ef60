import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import './Footer.css';

const information = [
  { to: '/blogs', label: 'footer.blog' },
  { to: '/tutorial', label: 'footer.tutorials' },
  { to: '/contact-us', label: 'footer.helpDesk' }, // support answers through the contact form
  { to: '/payment-policy', label: 'footer.paymentPolicy' },
  { to: '/api-docs', label: 'footer.apiDocs' },
] as const;

const company = [
  { to: '/about', label: 'footer.about' },
  { to: '/contact-us', label: 'footer.contact' },
  { to: '/privacy-policy', label: 'footer.privacy' },
  { to: '/terms-condition', label: 'footer.terms' },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
        </div>
        <FooterColumn title={t('footer.information')}>
          <FooterLinks links={information} />
        </FooterColumn>
        <FooterColumn title={t('footer.company')}>
          <FooterLinks links={company} />
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

function FooterLinks({ links }: { links: readonly { to: string; label: (typeof information | typeof company)[number]['label'] }[] }) {
  const { t } = useTranslation('common');
  return links.map((item) => (
    <li key={item.label}>
      <Link to={item.to} className="site-footer__link">
        {t(item.label)}
      </Link>
    </li>
  ));
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="site-footer__column">
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__list">{children}</ul>
    </div>
  );
}

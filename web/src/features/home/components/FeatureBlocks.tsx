import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { copyList } from '@/lib/copy';
import { SectionHeading } from './SectionHeading';
import { BoltIcon, SendIcon, TagIcon } from './icons';

interface Feature {
  title: string;
  text: string;
}

const icons = [BoltIcon, TagIcon, SendIcon];

/** Feature blocks ending in the call to action. */
export function FeatureBlocks() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-features">
      <div className="container">
        <SectionHeading id="home-features" title={t('features.title')} />
        <div className="home-features">
          {copyList<Feature>(t, 'features.items').map((feature, index) => {
            const Icon = icons[index % icons.length]!;
            return (
              <article key={feature.title} className="home-card">
                <span className="home-icon-badge">
                  <Icon />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </article>
            );
          })}
        </div>
        <div className="home-cta">
          <div>
            <h3>{t('features.ctaTitle')}</h3>
            <p>{t('features.ctaText')}</p>
          </div>
          <div className="home-cta__actions">
            {/* A plain hash link: the browser scrolls to the picker and the layout keeps the hash. */}
            <a className="btn btn--lg home-cta__primary" href="#get-number">
              {t('features.ctaPrimary')}
            </a>
            <Link className="btn btn--lg home-cta__secondary" to="/signUp">
              {t('features.ctaSecondary')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

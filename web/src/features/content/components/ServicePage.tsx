import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { copyList } from '../../../lib/copy';
import { usd } from '../../../lib/money';
import { PageIntro } from './PageIntro';

interface NumberTypeCopy {
  name: string;
  tagline: string;
  unit: 'day' | 'activation';
  points: string[];
}

/** Cheapest prices of the seeded catalogue (packages/core/src/seed), in the locale's type order. */
const fromPrices = [0.04, 0.36, 0.08];

export default function ServicePage() {
  const { t } = useTranslation('content');
  return (
    <div className="page">
      <PageIntro eyebrow={t('service.eyebrow')} title={t('service.title')} lead={t('service.lead')} />
      <div className="container page-body">
        <ul className="service-types">
          {copyList<NumberTypeCopy>(t, 'service.types').map((type, index) => (
            <li key={type.name} className={`page-card service-type${index === 1 ? ' service-type--featured' : ''}`}>
              <h2>{type.name}</h2>
              <p className="service-type__tagline">{type.tagline}</p>
              <p className="service-type__price">
                <span>{t('service.from')}</span> <strong>{usd(fromPrices[index] ?? 0)}</strong>{' '}
                <span>{type.unit === 'day' ? t('service.perDay') : t('service.perActivation')}</span>
              </p>
              <ul className="check-list">
                {type.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="service-info">
          <section className="page-card" aria-labelledby="service-periods">
            <h2 id="service-periods">{t('service.periodsTitle')}</h2>
            <p>{t('service.periodsText')}</p>
            <ul className="service-periods">
              {copyList<string>(t, 'service.periods').map((period) => (
                <li key={period}>{period}</li>
              ))}
            </ul>
          </section>
          <section className="page-card page-card--accent" aria-labelledby="service-refund">
            <h2 id="service-refund">{t('service.refundTitle')}</h2>
            <p>{t('service.refundText')}</p>
          </section>
        </div>
        <aside className="page-callout">
          <div>
            <h2>{t('service.ctaTitle')}</h2>
            <p>{t('service.ctaText')}</p>
          </div>
          <div className="page-callout__actions">
            <Link className="btn btn--primary" to="/#get-number">
              {t('shared.getNumber')}
            </Link>
            <Link className="btn btn--secondary" to="/tutorial">
              {t('service.ctaTutorial')}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

import type { PriceSummary } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { copyList } from '@/lib/copy';
import { usd } from '@/lib/money';
import { usePriceSummary } from '@/features/content/api/use-price-summary';
import { PageIntro } from '@/components/page-intro/PageIntro';

type NumberTypeKey = 'shared' | 'private' | 'temporary';

interface NumberTypeCopy {
  type: NumberTypeKey;
  name: string;
  tagline: string;
  unit: 'day' | 'activation';
  points: string[];
}

/** Which figure of the price summary is each type's "from" price. */
const fromPriceField: Record<NumberTypeKey, keyof PriceSummary> = {
  shared: 'shared_from_per_day',
  private: 'private_from_per_day',
  temporary: 'temporary_from',
};

/**
 * "from $0.04 per day", live from the catalogue. A skeleton while it loads; nothing when it failed
 * or the type has no offer, since a guessed price would be worse than none.
 */
function FromPrice({ type, unit }: Pick<NumberTypeCopy, 'type' | 'unit'>) {
  const { t } = useTranslation('content');
  const { data, isLoading } = usePriceSummary();
  if (isLoading) {
    return (
      <p className="service-type__price">
        <span className="service-type__price-skeleton" role="status" aria-label={t('service.priceLoading')} />
      </p>
    );
  }
  const price = data?.data[fromPriceField[type]];
  if (price === null || price === undefined) return null;
  return (
    <p className="service-type__price">
      <span>{t('service.from')}</span> <strong>{usd(price)}</strong> <span>{unit === 'day' ? t('service.perDay') : t('service.perActivation')}</span>
    </p>
  );
}

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
              <FromPrice type={type.type} unit={type.unit} />
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

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usd } from '../../../lib/money';
import { PageIntro } from '../../content/components/PageIntro';
import { readPurchaseHandoff } from '../api/read-purchase-handoff';
import './payment.css';

export default function PaymentPage() {
  const { t } = useTranslation('payment');
  const [handoff] = useState(readPurchaseHandoff);

  if (!handoff) {
    return (
      <div className="page">
        <PageIntro eyebrow={t('eyebrow')} title={t('title')} />
        <div className="container payment-layout">
          <section className="payment-empty" aria-labelledby="payment-empty">
            <h2 id="payment-empty">{t('empty.title')}</h2>
            <p>{t('empty.text')}</p>
            <Link className="btn btn--primary btn--lg" to="/">
              {t('empty.home')}
            </Link>
          </section>
        </div>
      </div>
    );
  }

  const rows: [label: string, value: string][] = [
    [t('summary.country'), handoff.country],
    [t('summary.service'), handoff.service],
    [t('summary.number'), handoff.number],
    [t('summary.rent'), handoff.rent],
  ];
  return (
    <div className="page">
      <PageIntro eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <div className="container payment-layout">
        <section className="payment-summary" aria-labelledby="payment-summary">
          <h2 id="payment-summary">{t('summary.title')}</h2>
          <dl>
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            <div className="payment-summary__total">
              <dt>{t('summary.total')}</dt>
              <dd>{usd(handoff.total_price)}</dd>
            </div>
          </dl>
        </section>
        <section className="payment-pending" aria-labelledby="payment-pending">
          <h2 id="payment-pending">{t('pending.title')}</h2>
          <p>{t('pending.text')}</p>
          <Link className="btn btn--primary btn--lg" to="/#get-number">
            {t('backToNumbers')}
          </Link>
        </section>
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { formatDate } from '@/lib/dates';
import { useAccountHold } from './hold';
import './AccountHoldBanner.css';

/**
 * On every signed-in page while a card payment of the account was taken back: that the account is
 * on hold, why and since when, what it stops, and that paying back what is owed does not lift it
 * by itself (an operator decides).
 */
export function AccountHoldBanner() {
  const { t, i18n } = useTranslation('common');
  const hold = useAccountHold();
  if (!hold) return null;
  return (
    <section className="hold-banner" aria-labelledby="hold-banner-title" data-testid="account-hold-banner" data-cause={hold.cause}>
      <span className="hold-banner__icon" aria-hidden="true">
        !
      </span>
      <div className="hold-banner__body">
        <h2 id="hold-banner-title" className="hold-banner__title">
          {t('accountHold.title')}
        </h2>
        <p>{t(`accountHold.cause.${hold.cause}`, { date: formatDate(hold.since, i18n.language) })}</p>
        <p>{t('accountHold.effect')}</p>
        <p className="hold-banner__decision">{t('accountHold.decision')}</p>
        <Link to="/contact-us" className="hold-banner__link">
          {t('accountHold.contact')}
        </Link>
      </div>
    </section>
  );
}

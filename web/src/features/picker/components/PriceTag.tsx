import { hasDiscount, type DollarTariff } from '@numbernest/core/pricing';
import { useTranslation } from '@/lib/i18n';
import { bestOffer, usd } from '@/lib/catalog/price';

/** Per-day price; when discounted, a badge and the best period's price beside its struck-through original. */
export function PriceTag({ tariff }: { tariff: DollarTariff }) {
  const { t } = useTranslation('picker');
  const discounted = hasDiscount(tariff);
  const offer = discounted ? bestOffer(tariff) : null;
  return (
    <span className="price-tag">
      <span className="price-tag__main">
        {discounted && (
          <span className="price-tag__badge" title={t('discountLabel')} data-testid="discount-badge">
            <span className="visually-hidden">{t('discountLabel')} </span>
            {offer ? t('discountBadge', { percent: offer.percent }) : t('discountLabel')}
          </span>
        )}
        <span className="price-tag__per-day">{t('perDay', { price: usd(tariff.price_per_day) })}</span>
      </span>
      {offer && (
        <span className="price-tag__offer">
          {t('offer', { period: t(`rent.${offer.rentTimeId}`), total: usd(offer.total) })}{' '}
          <s className="price-tag__was">
            <span className="visually-hidden">{t('was')} </span>
            {usd(offer.original)}
          </s>
        </span>
      )}
    </span>
  );
}
